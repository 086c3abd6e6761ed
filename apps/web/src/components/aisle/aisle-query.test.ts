import { describe, expect, it } from 'vitest';

import { pagesAround } from './aisle';
import { aisleSearch, chosenCount, parseAisle } from './aisle-query';

describe('the aisle address', () => {
  it('reads what the address chose and writes it back in one order, defaults left out', () => {
    const state = parseAisle(new URLSearchParams('sort=price_asc&brand=Acme&brand=Zed&minPrice=5&page=2&inStock=1&lng=ar'), 'department');
    expect(state).toMatchObject({ sort: 'price_asc', brand: ['Acme', 'Zed'], minPrice: '5', page: 2, inStock: true, onSale: false });
    expect(aisleSearch(state, new URLSearchParams('lng=ar&brand=Old'))).toBe('?lng=ar&brand=Acme&brand=Zed&minPrice=5&inStock=1&sort=price_asc&page=2');
    expect(chosenCount(state)).toBe(4);
  });

  it('leaves out what the API would refuse, and reads a minimum above the maximum the other way round', () => {
    const state = parseAisle(new URLSearchParams('sort=relevance&rating=9&minPrice=50&maxPrice=10.5&page=-1&department=Baby'), 'department');
    expect(state).toEqual({ brand: [], subcategory: [], department: [], minPrice: '10.5', maxPrice: '50', inStock: false, onSale: false, page: 1 });
    expect(parseAisle(new URLSearchParams('sort=relevance&minPrice=abc&onSale=true'), 'search')).toMatchObject({ onSale: true, page: 1 });
    expect(parseAisle(new URLSearchParams('sort=relevance'), 'search').sort).toBeUndefined();
  });

  it('numbers the pages around the current one, with gaps', () => {
    expect(pagesAround(1, 3)).toEqual([1, 2, 3]);
    expect(pagesAround(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });
});
