import { DEPARTMENT_NAMES } from '@dukkan/contracts/catalog';
import { describe, expect, it } from 'vitest';

import { renderImage } from '../modules/images/artwork';

import type { SeedProduct } from './catalog-types';
import { buildDemoCatalog } from './demo-catalog';
import { generateSyntheticProducts } from './synthetic';

const ARABIC = /[\u0600-\u06FF]/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function take(count: number, seed?: number): SeedProduct[] {
  return [...generateSyntheticProducts(count, seed)];
}

describe('generateSyntheticProducts', () => {
  it('yields the requested number of products with unique syn- slugs', () => {
    expect(take(0)).toEqual([]);
    expect(take(1)).toHaveLength(1);
    const products = take(5000, 3);
    expect(products).toHaveLength(5000);
    expect(new Set(products.map((product) => product.slug)).size).toBe(5000);
    products.forEach((product, i) => {
      expect(product.slug).toMatch(KEBAB);
      expect(product.slug.startsWith(`syn-${i + 1}-`)).toBe(true);
    });
  });

  it('is deterministic for a seed, and the seed matters', () => {
    expect(take(500, 7)).toEqual(take(500, 7));
    expect(take(500)).toEqual(take(500, 1));
    const other = take(500, 8);
    const same = take(500, 7);
    expect(other.map((product) => product.title.en)).not.toEqual(same.map((product) => product.title.en));
    // Slugs of different seeds never collide, so two runs can share a database.
    const slugs = new Set(same.map((product) => product.slug));
    expect(other.some((product) => slugs.has(product.slug))).toBe(false);
  });

  it('gives product n the same content whatever the count', () => {
    expect(take(1000, 5).slice(0, 100)).toEqual(take(100, 5));
  });

  it('spreads products over the demo departments and their subcategories', () => {
    const { subcategories } = buildDemoCatalog();
    const owner = new Map(subcategories.map((sub) => [sub.slug, sub.categorySlug]));
    const products = take(5000, 11);
    for (const product of products) expect(owner.get(product.subcategorySlug)).toBe(product.categorySlug);
    expect(new Set(products.map((product) => product.categorySlug))).toEqual(new Set(DEPARTMENT_NAMES));
    expect(new Set(products.map((product) => product.subcategorySlug)).size).toBe(subcategories.length);
  });

  it('writes bilingual titles, descriptions and brands', () => {
    for (const product of take(2000, 2)) {
      for (const text of [product.title, product.description, product.brand]) {
        expect(text.en).not.toMatch(ARABIC);
        expect(text.ar).toMatch(ARABIC);
      }
      expect(product.title.en).toMatch(/^[A-Z0-9].+, .+$/);
      expect(product.title.ar).toContain('،');
    }
  });

  it('reuses demo artwork that renders, and plausible numbers', () => {
    for (const product of take(1000, 4)) {
      expect(product.images.length).toBeGreaterThanOrEqual(3);
      expect(product.thumbnail).toBe(product.images[0]);
      for (const image of product.images) expect(renderImage(image)).toMatch(/^<svg/);
      expect(Number.isInteger(product.priceCents)).toBe(true);
      expect(product.priceCents).toBeGreaterThan(0);
      expect(product.quantity).toBeGreaterThanOrEqual(1);
      expect(product.rating).toBeGreaterThanOrEqual(2.8);
      expect(product.rating).toBeLessThanOrEqual(5);
      expect(product.reviewCount).toBeGreaterThanOrEqual(3);
    }
  });

  it('reduces about a quarter of the products, each 10-40 % below its list price', () => {
    const products = take(4000, 6);
    const reduced = products.filter((product) => product.listPriceCents !== null);
    expect(reduced.length / products.length).toBeGreaterThan(0.2);
    expect(reduced.length / products.length).toBeLessThan(0.3);
    for (const { priceCents, listPriceCents } of reduced) {
      expect(listPriceCents! / priceCents).toBeGreaterThanOrEqual(1.1);
      expect(listPriceCents! / priceCents).toBeLessThanOrEqual(1.4);
    }
  });

  it('is lazy and fast: 100 000 products in well under 10 seconds', () => {
    const lazy = generateSyntheticProducts(Number.MAX_SAFE_INTEGER);
    expect(lazy.next().done).toBe(false);
    const started = performance.now();
    let count = 0;
    for (const product of generateSyntheticProducts(100_000, 9)) if (product.slug) count++;
    expect(count).toBe(100_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
