import type { AisleSort } from '@dukkan/contracts/aisle';
import type { Product } from '@dukkan/contracts/catalog';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { beforeAll, describe, expect, it } from 'vitest';

import { aisleOf, everything, expectFacetsMatch, queryOf, randomFilters, seeded } from '../../test/aisle-oracle';
import { reviewCatalog } from '../../test/review-fixtures';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const department = async (name: string, query = '', headers?: Record<string, string>) => aisleOf(await t.get(`/api/product/category/${name}?${query}`, headers));
const search = async (query: string, headers?: Record<string, string>) => aisleOf(await t.get(`/api/product/search?${query}`, headers));

let grocery: Product[] = [];
beforeAll(async () => {
  // Ratings come only from approved reviews: reviewed products make the rating sort and filter tell.
  await reviewCatalog(t.database.db);
  grocery = await everything((q) => department('Grocery', q));
  if (new Set(grocery.map((p) => p.rating)).size < 5) throw new Error('the reviewed catalog should spread its ratings');
});

describe('GET /api/product/category/{name}: filters', () => {
  it('answers the envelope with facets, the featured order by default', async () => {
    const answer = await department('Grocery');
    expect(answer.total).toBe(grocery.length);
    expect(answer.data.map((p) => p._id)).toEqual(grocery.slice(0, 24).map((p) => p._id));
    expect(answer.facets.department).toBeUndefined();
    expect(answer.facets.subcategory.map((s) => s.value).every((v) => v.startsWith('grocery-'))).toBe(true);
    expectFacetsMatch(answer, grocery, {});
  });

  it('narrows to any of several brands, and counts the other brands still on offer', async () => {
    const [a, b] = [...new Set(grocery.map((p) => p.brand))];
    const answer = await department('Grocery', queryOf({ brand: [a!, b!] }, { pageSize: 100 }));
    expect(answer.data.length).toBe(grocery.filter((p) => p.brand === a || p.brand === b).length);
    expect(answer.data.every((p) => p.brand === a || p.brand === b)).toBe(true);
    // The brands not chosen stay on offer, each counted as choosing it too would answer.
    const other = answer.facets.brand.find((v) => v.value !== a && v.value !== b)!;
    expect(other.count).toBe(answer.total + grocery.filter((p) => p.brand === other.value).length);
    expect(answer.facets.brand.find((v) => v.value === a)?.count).toBe(answer.total);
    expectFacetsMatch(answer, grocery, { brand: [a!, b!] });
  });

  it('takes a price range in dollars, inclusive at both ends, to the cent', async () => {
    const prices = [...new Set(grocery.map((p) => p.price))].sort((x, y) => x - y);
    const [lo, hi] = [prices[2]!, prices[prices.length - 3]!];
    const answer = await department('Grocery', `minPrice=${lo}&maxPrice=${hi}&pageSize=100`);
    expect(answer.data.every((p) => p.price >= lo && p.price <= hi)).toBe(true);
    expect(answer.data.some((p) => p.price === lo) && answer.data.some((p) => p.price === hi)).toBe(true);
    expectFacetsMatch(answer, grocery, { minPrice: lo, maxPrice: hi });
    // The price facet is the range without the price filter: the department's whole range.
    expect(answer.facets.price).toEqual({ min: prices[0], max: prices[prices.length - 1] });
  });

  it.each([
    ['rating=4', { rating: 4 }],
    ['inStock=1', { inStock: true }],
    ['inStock=true&onSale=1', { inStock: true, onSale: true }],
    ['onSale=true&rating=3', { onSale: true, rating: 3 }],
  ])('filters by %s', async (query, filters) => {
    expectFacetsMatch(await department('Grocery', query), grocery, filters);
  });

  it('treats 0/false and empty parameters as no filter, as a GET form sends them', async () => {
    const plain = await department('Grocery');
    const blank = await department('Grocery', 'sort=&brand=&subcategory=&minPrice=&maxPrice=&rating=&inStock=0&onSale=false');
    expect(blank).toEqual(plain);
  });

  it('narrows to subcategories by their keys, in any case, and lists them with their labels', async () => {
    const answer = await department('Grocery', 'subcategory=GROCERY-BEVERAGES&subcategory=grocery-snacks');
    expect(answer.total).toBe(grocery.filter((p) => p.subcategory === 'grocery-beverages' || p.subcategory === 'grocery-snacks').length);
    expect(answer.facets.subcategory.find((s) => s.value === 'grocery-beverages')?.label).toBe('Beverages & Coffee');
  });

  it('matches nothing for an unknown brand or subcategory, and still lists the choice at 0', async () => {
    const answer = await department('Grocery', 'brand=No%20Such%20Brand&subcategory=toys-nothing');
    expect(answer.total).toBe(0);
    expect(answer.data).toEqual([]);
    expect(answer.facets.brand).toContainEqual({ value: 'No Such Brand', label: 'No Such Brand', count: 0 });
    expect(answer.facets.subcategory).toContainEqual({ value: 'toys-nothing', label: 'toys-nothing', count: 0 });
  });

  it('gives every facet value the total its own request answers, for random combinations', async () => {
    const random = seeded(34);
    for (let round = 0; round < 25; round++) {
      const filters = randomFilters(grocery, random, { withDepartments: false });
      const answer = await department('Grocery', queryOf(filters));
      expectFacetsMatch(answer, grocery, filters);
      // The definition itself, for one value of each listed group: its count is that request's total.
      for (const group of ['brand', 'subcategory'] as const) {
        const value = answer.facets[group].find((v) => !(filters[group] ?? []).includes(v.value));
        if (!value) continue;
        const widened = await department('Grocery', queryOf({ ...filters, [group]: [...(filters[group] ?? []), value.value] }));
        expect(widened.total, `${queryOf(filters)} + ${group}=${value.value}`).toBe(value.count);
      }
    }
  });

  it('labels brands, subcategories and prices in Arabic for an Arabic request, keeping English values', async () => {
    const en = await department('Grocery');
    const ar = await department('Grocery', 'lng=ar');
    expect(ar.facets.brand.map((b) => b.value).sort()).toEqual(en.facets.brand.map((b) => b.value).sort());
    expect(ar.facets.brand.some((b) => /[\u0600-\u06FF]/.test(b.label))).toBe(true);
    expect(ar.facets.subcategory.every((s) => /[\u0600-\u06FF]/.test(s.label))).toBe(true);
    const brand = en.facets.brand[0]!;
    const narrowed = await department('Grocery', `brand=${encodeURIComponent(brand.value)}&lng=ar`);
    expect(narrowed.total).toBe(brand.count);
  });
});

describe('GET /api/product/category/{name}: sort and pages', () => {
  const key: Record<Exclude<AisleSort, 'relevance' | 'featured' | 'newest'>, (a: Product, b: Product) => number> = {
    price_asc: (a, b) => a.price - b.price,
    price_desc: (a, b) => b.price - a.price,
    rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount,
  };

  it.each(['featured', 'price_asc', 'price_desc', 'newest', 'rating'] as const)('pages through %s with every product once, in order', async (sort) => {
    const pages: Product[] = [];
    for (let page = 1; page <= 4; page++) pages.push(...(await department('Grocery', `sort=${sort}&pageSize=10&page=${page}`)).data);
    expect(pages.length).toBe(grocery.length);
    expect(new Set(pages.map((p) => p._id)).size).toBe(grocery.length);
    if (sort === 'featured') expect(pages.map((p) => p._id)).toEqual(grocery.map((p) => p._id));
    if (sort in key) {
      const compare = key[sort as keyof typeof key];
      for (let i = 1; i < pages.length; i++) expect(compare(pages[i - 1]!, pages[i]!), `${sort} at ${i}`).toBeLessThanOrEqual(0);
    }
  });

  it('sorts a filtered list and pages it past its end to an empty page with the same total', async () => {
    const first = await department('Grocery', 'sort=price_desc&inStock=1&pageSize=5');
    const past = await department('Grocery', 'sort=price_desc&inStock=1&pageSize=5&page=50');
    expect(past.data).toEqual([]);
    expect(past.total).toBe(first.total);
    expect(past.facets).toEqual(first.facets);
  });
});

describe('GET /api/product/search: filters, sort and facets', () => {
  let tea: Product[] = [];
  beforeAll(async () => {
    tea = await everything(search, 'q=organic');
  });

  it('lists the departments of the matches, with their labels, and narrows to them', async () => {
    const answer = await search('q=organic');
    expect(answer.facets.department?.length).toBeGreaterThan(1);
    expectFacetsMatch(answer, tea, {});
    const chosen = answer.facets.department![0]!;
    const narrowed = await search(`q=organic&department=${chosen.value}`);
    expect(narrowed.total).toBe(chosen.count);
    expect(narrowed.data.every((p) => p.category === chosen.value)).toBe(true);
    const ar = await search('q=organic&lng=ar');
    expect(ar.facets.department?.every((d) => /[\u0600-\u06FF]/.test(d.label))).toBe(true);
  });

  it('gives every facet value the total of its request, for random combinations', async () => {
    const random = seeded(3434);
    for (let round = 0; round < 15; round++) {
      const filters = randomFilters(tea, random, { withDepartments: true });
      expectFacetsMatch(await search(queryOf(filters, { q: 'organic' })), tea, filters);
    }
  });

  it('orders by relevance by default and takes featured and the other sorts', async () => {
    const relevance = await search('q=organic&pageSize=100');
    expect(relevance.data.map((p) => p._id)).toEqual(tea.map((p) => p._id));
    const featured = await search('q=organic&sort=featured&pageSize=100');
    expect(new Set(featured.data.map((p) => p._id))).toEqual(new Set(tea.map((p) => p._id)));
    const cheap = await search('q=organic&sort=price_asc&pageSize=100');
    expect(cheap.data.map((p) => p.price)).toEqual([...tea.map((p) => p.price)].sort((a, b) => a - b));
  });
});

describe('aisle queries a client gets wrong', () => {
  const refused = async (url: string) => {
    const res = await t.get(url);
    expect(res.status, url).toBe(400);
    return ErrorResponseSchema.parse(res.body);
  };

  it.each([
    ['sort=cheapest', 'sort'],
    ['sort=relevance', 'sort'],
    ['sort=price_asc&sort=newest', 'sort'],
    ['minPrice=-1', 'minPrice'],
    ['minPrice=abc', 'minPrice'],
    ['maxPrice=1.234', 'maxPrice'],
    ['minPrice=10&maxPrice=9.99', 'minPrice'],
    ['rating=0', 'rating'],
    ['rating=5', 'rating'],
    ['rating=two', 'rating'],
    ['rating=3&rating=4', 'rating'],
    ['inStock=yes', 'inStock'],
    ['onSale=2', 'onSale'],
    ['department=Grocery', 'department'],
    ['page=0', 'page'],
    ['pageSize=101', 'pageSize'],
  ])('refuses %s on a department, naming %s', async (query, parameter) => {
    const error = await refused(`/api/product/category/Grocery?${query}`);
    expect(error.message.startsWith(`${parameter}`)).toBe(true);
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['sort=best', 'sort'],
    ['maxPrice=-0.5', 'maxPrice'],
    ['minPrice=3&maxPrice=2', 'minPrice'],
    ['rating=9', 'rating'],
    ['onSale=maybe', 'onSale'],
  ])('refuses %s on search, naming %s', async (query, parameter) => {
    const error = await refused(`/api/product/search?q=tea&${query}`);
    expect(error.message.startsWith(parameter)).toBe(true);
  });

  it('keeps 404 for an unknown department whatever the filters', async () => {
    const res = await t.get('/api/product/category/Nowhere?brand=Acme&sort=price_asc');
    expect(res.status).toBe(404);
  });
});
