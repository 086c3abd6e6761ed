import { DEPARTMENT_NAMES } from '@dukkan/contracts/catalog';
import { describe, expect, it } from 'vitest';

import { DEPARTMENTS } from './departments';

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
