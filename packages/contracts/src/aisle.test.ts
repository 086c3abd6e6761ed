import { describe, expect, it } from 'vitest';

import { DepartmentAisleQuerySchema, SearchAisleFiltersSchema } from './aisle';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('an aisle query', () => {
  it('reads every filter, dollars as whole cents and blanks as unset', () => {
    expect(
      DepartmentAisleQuerySchema.parse({
        sort: 'price_asc',
        brand: ['Acme', '', 'Bolt'],
        subcategory: 'grocery-tea',
        minPrice: '3.49',
        maxPrice: '10',
        rating: '4',
        inStock: 'true',
        onSale: '0',
        page: '2',
      }),
    ).toEqual({
      sort: 'price_asc',
      brand: ['Acme', 'Bolt'],
      subcategory: ['grocery-tea'],
      minPrice: 349,
      maxPrice: 1000,
      rating: 4,
      inStock: true,
      onSale: false,
      page: 2,
      pageSize: 24,
    });
    expect(DepartmentAisleQuerySchema.parse({ minPrice: '', maxPrice: '', sort: '', rating: '', brand: '' })).toEqual({ page: 1, pageSize: 24 });
    expect(DepartmentAisleQuerySchema.parse({ minPrice: '0.1' }).minPrice).toBe(10);
  });

  it.each([
    [{ sort: 'cheapest' }, 'sort: must be one of'],
    [{ sort: ['price_asc', 'newest'] }, 'sort: must be given once'],
    [{ sort: 'relevance' }, 'sort: relevance orders a search'],
    [{ minPrice: '-1' }, 'minPrice: must be an amount in dollars'],
    [{ maxPrice: 'ten' }, 'maxPrice: must be an amount in dollars'],
    [{ minPrice: '1.999' }, 'minPrice: must be an amount in dollars'],
    [{ minPrice: '5', maxPrice: '4.99' }, 'minPrice: must not be above maxPrice'],
    [{ rating: '5' }, 'rating: must be a whole number from 1 to 4'],
    [{ rating: '0' }, 'rating: must be a whole number from 1 to 4'],
    [{ rating: '2.5' }, 'rating: must be a whole number from 1 to 4'],
    [{ inStock: 'yes' }, 'inStock: must be 1, true, 0 or false'],
    [{ onSale: ['1', '1'] }, 'onSale: must be given once'],
    [{ department: 'Grocery' }, 'department: filters search only'],
  ])('refuses %j, naming the parameter', (query, message) => {
    const result = DepartmentAisleQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(messageOf(result)).toContain(message);
  });

  it('lets search filter by department and sort by relevance', () => {
    expect(SearchAisleFiltersSchema.parse({ department: ['Grocery', 'Toys'], sort: 'relevance' })).toMatchObject({ department: ['Grocery', 'Toys'], sort: 'relevance' });
  });
});
