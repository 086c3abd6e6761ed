import { DEPARTMENT_NAMES } from '@dukkan/contracts/catalog';
import { describe, expect, it } from 'vitest';

import { DEPARTMENTS, departmentListHref } from './departments';

describe('DEPARTMENTS', () => {
  it('covers exactly the API categories of the contract', () => {
    expect(DEPARTMENTS.map((department) => department.name).sort()).toEqual([...DEPARTMENT_NAMES].sort());
  });

  it("has the spec's nine department routes", () => {
    expect(DEPARTMENTS.map((department) => department.path)).toEqual([
      '/electronics',
      '/Grocery',
      '/Home',
      '/Patio&Garden',
      '/Home-Improvement',
      '/Auto&tires',
      '/Baby',
      '/fashion',
      '/beauty',
    ]);
  });
});

describe('departmentListHref', () => {
  it("lands at the department's product list, narrowed to a subcategory when given", () => {
    expect(departmentListHref({ path: '/Grocery' })).toBe('/Grocery#all-products');
    expect(departmentListHref({ path: '/electronics' }, 'electronics-tablets')).toBe('/electronics?subcategory=electronics-tablets#all-products');
    expect(departmentListHref({ path: '/Patio&Garden' }, 'a&b#c')).toBe('/Patio&Garden?subcategory=a%26b%23c#all-products');
  });
});
