import { describe, expect, it } from 'vitest';

import { DEPARTMENT_NAMES, ProductSchema } from './catalog';
import { DEFAULT_PAGE_SIZE, IdSchema, MAX_PAGE_SIZE, PageQuerySchema, pagedSchema } from './common';
import { MAX_SEARCH_LENGTH, ProductSearchQuerySchema } from './search';

describe('PageQuerySchema', () => {
  it('defaults to the first page of the default size and coerces query strings', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(PageQuerySchema.parse({ page: '3', pageSize: '10' })).toEqual({ page: 3, pageSize: 10 });
  });

  it.each([{ page: '0' }, { page: '-1' }, { page: '1.5' }, { page: 'abc' }, { pageSize: String(MAX_PAGE_SIZE + 1) }])(
    'refuses %o with a message naming the field',
    (query) => {
      const result = PageQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/page/);
    },
  );
});

describe('IdSchema', () => {
  it('accepts UUIDs and refuses anything else with "Invalid id"', () => {
    expect(IdSchema.safeParse('33ac12da-1fea-528d-996b-dc8119792d71').success).toBe(true);
    const bad = IdSchema.safeParse('42');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Invalid id');
  });
});

describe('paged envelopes and products', () => {
  it('describe the spec fields of a product with paging beside data', () => {
    const product = {
      _id: '33ac12da-1fea-528d-996b-dc8119792d71',
      title: 'Organic Hass Avocados, 4 Count',
      description: 'Creamy avocados.',
      price: 5.99,
      listPrice: null,
      thumbnail: '/images/products/a/0.svg',
      images: ['/images/products/a/0.svg', '/images/products/a/1.svg', '/images/products/a/2.svg'],
      category: 'Grocery',
      categoryLabel: 'Grocery',
      subcategory: 'grocery-fresh-produce',
      brand: 'Green Valley',
      quantity: 10,
      rating: 4.6,
      reviewCount: 120,
    };
    const page = pagedSchema(ProductSchema).parse({ data: [product], page: 1, pageSize: 24, total: 1 });
    expect(page.data[0]).toEqual(product);
    expect(ProductSchema.safeParse({ ...product, price: -1 }).success).toBe(false);
    expect(ProductSchema.safeParse({ ...product, rating: 6 }).success).toBe(false);
    expect(ProductSchema.parse({ ...product, listPrice: 7.49 }).listPrice).toBe(7.49);
    const { listPrice: _omitted, ...withoutListPrice } = product;
    expect(ProductSchema.safeParse(withoutListPrice).success).toBe(false);
  });

  it('lists the nine departments by the names the spec uses', () => {
    expect(DEPARTMENT_NAMES).toHaveLength(9);
    expect(DEPARTMENT_NAMES).toContain('Patio&Garden');
  });
});

describe('ProductSearchQuerySchema', () => {
  it('treats a missing q as blank and refuses one longer than the limit', () => {
    expect(ProductSearchQuerySchema.parse({}).q).toBe('');
    const long = ProductSearchQuerySchema.safeParse({ q: 'x'.repeat(MAX_SEARCH_LENGTH + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(`q must be at most ${MAX_SEARCH_LENGTH} characters`);
  });
});
