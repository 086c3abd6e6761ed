import { DEPARTMENT_NAMES } from '@dukkan/contracts/catalog';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { products as productRows } from '../db/schema';
import { readCatalogVersion } from '../lib/catalog-version';
import { renderImage } from '../modules/images/artwork';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

import type { SeedProduct } from './catalog-types';
import { buildDemoCatalog, DEPARTMENTS } from './demo-catalog';
import { CREATED_BEFORE, generateSyntheticProducts, loadSyntheticCatalog } from './synthetic';
import { departmentBrands, SYNTHETIC_BRAND_TOTAL } from './synthetic-brands';

const ARABIC = /[\u0600-\u06FF]/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const YEAR_MS = 365 * 24 * 3600 * 1000;

function take(count: number, seed?: number, first?: number): SeedProduct[] {
  return [...generateSyntheticProducts(count, seed, first)];
}

function share(products: readonly SeedProduct[], test: (product: SeedProduct) => boolean): number {
  return products.filter(test).length / products.length;
}

// One big sample, drawn once: the shape of a catalog shows at tens of thousands of products.
const big = take(60_000, 21);

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

  it('gives product n the same content whatever the count or the first product', () => {
    expect(take(1000, 5).slice(0, 100)).toEqual(take(100, 5));
    expect(take(50, 5, 401)).toEqual(take(450, 5).slice(400));
    expect(take(1, 21, 59_999)).toEqual([big[59_998]]);
  });

  it('spreads products over the demo departments and their subcategories, some departments bigger', () => {
    const { subcategories } = buildDemoCatalog();
    const owner = new Map(subcategories.map((sub) => [sub.slug, sub.categorySlug]));
    const products = big.slice(0, 20_000);
    for (const product of products) expect(owner.get(product.subcategorySlug)).toBe(product.categorySlug);
    expect(new Set(products.map((product) => product.categorySlug))).toEqual(new Set(DEPARTMENT_NAMES));
    expect(new Set(products.map((product) => product.subcategorySlug)).size).toBe(subcategories.length);
    expect(share(products, (p) => p.categorySlug === 'Fashion')).toBeGreaterThan(1.8 * share(products, (p) => p.categorySlug === 'Baby'));
  });

  it('has thousands of brands with a long tail, each English name one Arabic name', () => {
    const perBrand = new Map<string, number>();
    const arabicOf = new Map<string, string>();
    const wrong: string[] = [];
    for (const { brand } of big) {
      perBrand.set(brand.en, (perBrand.get(brand.en) ?? 0) + 1);
      if ((arabicOf.get(brand.en) ?? brand.ar) !== brand.ar || ARABIC.test(brand.en) || !ARABIC.test(brand.ar)) wrong.push(`${brand.en}/${brand.ar}`);
      arabicOf.set(brand.en, brand.ar);
    }
    expect(wrong).toEqual([]);
    expect(perBrand.size).toBeGreaterThanOrEqual(2000);
    const counts = [...perBrand.values()].sort((a, b) => b - a);
    // The head: a department's leading brands have hundreds of products here (thousands at a
    // million); the tail: most brands a handful.
    expect(counts[0]).toBeGreaterThan(400);
    expect(counts.filter((c) => c >= 100).length).toBeGreaterThanOrEqual(9);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(5);
    expect(counts.slice(0, 100).reduce((a, b) => a + b, 0) / big.length).toBeGreaterThan(0.2);
  });

  it('names every brand once across the catalog, demo brands included, whatever the case', () => {
    const all = [...departmentBrands().values()].flatMap(({ brands }) => brands);
    expect(all.length).toBeGreaterThanOrEqual(SYNTHETIC_BRAND_TOTAL - 10);
    expect(new Set(all.map((brand) => brand.en.toLowerCase())).size).toBe(all.length);
    for (const dept of DEPARTMENTS) {
      const leading = departmentBrands().get(dept.key)?.brands.slice(0, Object.keys(dept.brands).length);
      expect(leading).toEqual(Object.entries(dept.brands).map(([en, ar]) => ({ en, ar })));
    }
  });

  it('writes bilingual titles, descriptions and brands, the brand in the title', () => {
    for (const product of big.slice(0, 3000)) {
      for (const text of [product.title, product.description, product.brand]) {
        expect(text.en).not.toMatch(ARABIC);
        expect(text.ar).toMatch(ARABIC);
      }
      expect(product.title.en).toMatch(/^[A-Z0-9].+, .+$/);
      expect(product.title.en.startsWith(`${product.brand.en} `)).toBe(true);
      expect(product.title.ar).toContain(`من ${product.brand.ar}،`);
    }
  });

  it('prices from cents to thousands of dollars, not all ending in .99', () => {
    const prices = big.map((product) => product.priceCents);
    expect(prices.filter((cents) => !Number.isInteger(cents) || cents <= 0 || cents > 999_999)).toEqual([]);
    expect(share(big, (p) => p.priceCents < 100)).toBeGreaterThan(0.002);
    expect(share(big, (p) => p.priceCents >= 100_000)).toBeGreaterThan(0.005);
    expect(share(big, (p) => p.priceCents % 100 !== 99)).toBeGreaterThan(0.3);
    expect(new Set(prices).size).toBeGreaterThan(5000);
  });

  it('puts about 15 % on sale, a believable list price above the price', () => {
    const onSale = big.filter((product) => product.listPriceCents !== null);
    expect(onSale.length / big.length).toBeGreaterThan(0.13);
    expect(onSale.length / big.length).toBeLessThan(0.17);
    // 10–60 % above the price, rounded up to $x.49 or $x.99 (a price under $5 may round further).
    const odd = onSale.filter(
      ({ priceCents, listPriceCents }) =>
        listPriceCents! <= priceCents || (priceCents >= 500 && listPriceCents! / priceCents >= 1.8) || ![49, 99].includes(listPriceCents! % 100),
    );
    expect(odd).toEqual([]);
  });

  it('has about 10 % out of stock and no made-up rating', () => {
    expect(share(big, (p) => p.quantity === 0)).toBeGreaterThan(0.08);
    expect(share(big, (p) => p.quantity === 0)).toBeLessThan(0.12);
    expect(big.filter(({ quantity }) => !Number.isInteger(quantity) || quantity < 0)).toEqual([]);
    // Issue #36: only approved reviews make a rating; the synthetic catalog draws none.
    expect(big.filter((p) => 'rating' in p || 'reviewCount' in p)).toEqual([]);
  });

  it('dates products over five years before December 2026', () => {
    const times = big.map((product) => product.createdAt!.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(CREATED_BEFORE);
    expect(Math.min(...times)).toBeGreaterThan(CREATED_BEFORE - 5 * YEAR_MS - 1);
    for (let year = 0; year < 5; year++) {
      const inYear = times.filter((t) => t <= CREATED_BEFORE - year * YEAR_MS && t > CREATED_BEFORE - (year + 1) * YEAR_MS).length;
      expect(inYear / times.length).toBeGreaterThan(0.05);
    }
  });

  it('reuses demo artwork that renders', () => {
    for (const product of big.slice(0, 1000)) {
      expect(product.images.length).toBeGreaterThanOrEqual(3);
      expect(product.thumbnail).toBe(product.images[0]);
      for (const image of product.images) expect(renderImage(image)).toMatch(/^<svg/);
    }
  });

  // How fast it generates is the benchmarks' to say (timings never decide a test); this checks it is lazy.
  it('is lazy: it yields the first of an endless catalog at once, and exactly as many as asked', () => {
    const lazy = generateSyntheticProducts(Number.MAX_SAFE_INTEGER);
    expect(lazy.next().done).toBe(false);
    let count = 0;
    for (const product of generateSyntheticProducts(100_000, 9)) if (product.slug) count++;
    expect(count).toBe(100_000);
  });
});

describe('loadSyntheticCatalog', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await database.destroy();
  });

  it('loads a generated catalog once, as generated, and raises the catalog version', async () => {
    const before = await readCatalogVersion(database.db);
    expect(await loadSyntheticCatalog(database.db, 3000, 4)).toBe(3000);
    expect(await loadSyntheticCatalog(database.db, 3000, 4)).toBe(0);
    expect(await readCatalogVersion(database.db)).toBeGreaterThan(before);
    const generated = take(3000, 4);
    const rows = await database.db.select().from(productRows).where(like(productRows.slug, 'syn-%')).orderBy(productRows.position);
    expect(rows).toHaveLength(3000);
    rows.forEach((row, i) => {
      const product = generated[i]!;
      expect(row.slug).toBe(product.slug);
      expect([row.brandEn, row.brandAr, row.titleAr]).toEqual([product.brand.en, product.brand.ar, product.title.ar]);
      expect([row.priceCents, row.listPriceCents, row.quantity]).toEqual([product.priceCents, product.listPriceCents, product.quantity]);
      expect([row.ratingTenths, row.reviewCount]).toEqual([0, 0]);
      expect(row.createdAt.getTime()).toBe(product.createdAt!.getTime());
      expect(row.images).toEqual(product.images);
      expect(row.position).toBe(1_000_000 + i);
    });
  });
});
