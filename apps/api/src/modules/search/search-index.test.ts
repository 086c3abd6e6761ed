import { AISLE_SORTS } from '@dukkan/contracts/aisle';
import type { Language } from '@dukkan/contracts/common';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { products } from '../../db/schema';
import { bumpCatalogVersion, readCatalogVersion } from '../../lib/catalog-version';
import { insertProducts } from '../../seed/load-catalog';
import { generateSyntheticProducts } from '../../seed/synthetic';
import { aisleOf, everything, filtersOf, randomFilters, seeded } from '../../test/aisle-oracle';
import { useTestApp } from '../../test/test-app';
import type { AisleRequest } from '../catalog/aisle';
import { STOCK_REFRESH_MS } from '../catalog/aisle-index';
import { applyStockChanges } from '../orders/service';


import { searchWords } from './normalize';
import { searchIndex } from './search-index';
import { searchProducts, suggestProducts } from './service';

/*
 * Search is answered from the search index kept in memory (decision 0058) once it is current, and
 * by the database's statements until then: both must give the same answer, to the product and
 * the count, for every kind of query, filter, sort and page, and the index must follow the catalog.
 */
const GENERATED = 5_000;
const t = useTestApp();
const db = () => t.database.db;

/** The search answered both ways; fails unless the index answered the first. */
async function bothWays(lng: Language, q: string, request: AisleRequest) {
  const sources: string[] = [];
  const words = searchWords(q);
  const fromIndex = await searchProducts(db(), lng, words, request, undefined, { answeredBy: (source) => sources.push(source) });
  expect(sources, q).toEqual(['index']);
  const fromDatabase = await searchProducts(db(), lng, words, request, undefined, { inDatabase: true });
  return { fromIndex, fromDatabase };
}

/** Waits until the index is current (a build of this catalog takes well under a second, but a busy host may take longer). */
async function indexCurrent(): Promise<void> {
  const version = await readCatalogVersion(db());
  for (let tries = 0; tries < 60 && !(await searchIndex(db(), version)); tries++);
  expect(await searchIndex(db(), version)).toBeDefined();
}

beforeAll(async () => {
  await db().transaction(async (tx) => {
    await insertProducts(tx, generateSyntheticProducts(GENERATED, 58), 4_000_000);
    await bumpCatalogVersion(tx);
  });
  await db().execute(sql`analyze products`);
  await indexCurrent();
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

/** A typical word, several words, a prefix, a typo, words no product has together, Arabic, a stop word being typed, one letter. */
const QUERIES = (process.env.SEARCH_Q?.split('|') ?? ['premium', 'wireless headphones', 'headph', 'hedphones', 'avocados xylophone', 'قهوة', 'سماعات لاسلكية', 'the', 's']);

describe('search from the index kept in memory', () => {
  it.each(QUERIES)('answers %s as the database does, for random filters, every sort and pages', async (q) => {
    const all = await everything(async (query) => aisleOf(await t.get(`/api/product/search?q=${encodeURIComponent(q)}&${query}`)));
    expect(all.length, q).toBeGreaterThan(0);
    const random = seeded(q.length * 7_919);
    for (let round = 0; round < 4; round++) {
      const filters = round === 0 ? {} : filtersOf(randomFilters(all, random, { withDepartments: true }));
      for (const sort of AISLE_SORTS) {
        const lng: Language = round % 2 === 0 ? 'en' : 'ar';
        const pageSize = 5 + round * 7;
        for (const page of [1, 2, Math.max(1, Math.ceil(all.length / pageSize) - round)]) {
          const { fromIndex, fromDatabase } = await bothWays(lng, q, { filters, sort, page, pageSize });
          expect(fromIndex, `${q} ${sort} page ${page} ${JSON.stringify(filters)}`).toEqual(fromDatabase);
        }
      }
    }
  });

  it('ranks by the sum of each word\'s best place, title 3, brand 2, description 1, then catalog order', async () => {
    const picture = '/images/products/x/0.svg';
    const product = (slug: string, title: string, brand: string, description: string) => ({
      slug: `search-index-${slug}`,
      categorySlug: 'Grocery' as const,
      subcategorySlug: 'grocery-beverages',
      title: { en: title, ar: 'شاي' },
      description: { en: description, ar: 'شاي' },
      brand: { en: brand, ar: 'شاي' },
      priceCents: 500,
      listPriceCents: null,
      quantity: 3,
      rating: 4,
      reviewCount: 2,
      thumbnail: picture,
      images: [picture, picture, picture],
    });
    // In catalog order: both words in the description (2), one in the title and one in the
    // description (4), both in the brand (4), both in the title (6).
    await db().transaction(async (tx) => {
      await insertProducts(
        tx,
        [
          product('d', 'Lamp', 'Acme', 'Zephyrine and quillon.'),
          product('c', 'Zephyrine Lamp', 'Acme', 'A quillon.'),
          product('b', 'Lamp', 'Zephyrine Quillon', 'A lamp.'),
          product('a', 'Zephyrine Quillon Lamp', 'Acme', 'A lamp.'),
        ],
        5_000_000,
      );
      await bumpCatalogVersion(tx);
    });
    await indexCurrent();
    const request: AisleRequest = { filters: {}, sort: 'relevance', page: 1, pageSize: 10 };
    const { fromIndex, fromDatabase } = await bothWays('en', 'zephyrine quillon', request);
    expect(fromIndex.data.map((p) => p.title)).toEqual(['Zephyrine Quillon Lamp', 'Zephyrine Lamp', 'Lamp', 'Lamp']);
    expect(fromIndex.data.map((p) => p.brand)).toEqual(['Acme', 'Acme', 'Zephyrine Quillon', 'Acme']);
    expect(fromIndex).toEqual(fromDatabase);
  });

  it('suggests as the database does', async () => {
    for (const q of ['hea', 'headp', 'cof', 'prem', 'wireless hea', 'قهو', 'hedphones', 'avocados xylophone']) {
      const sources: string[] = [];
      const fromIndex = await suggestProducts(db(), 'en', searchWords(q), { answeredBy: (source) => sources.push(source) });
      expect(sources, q).toEqual(['index']);
      expect(fromIndex, q).toEqual(await suggestProducts(db(), 'en', searchWords(q), { inDatabase: true }));
      expect(fromIndex.length, q).toBeGreaterThan(0);
    }
  });

  it('follows the catalog when its version moves, and its stock from the ledger', async () => {
    const request: AisleRequest = { filters: {}, sort: 'relevance', page: 1, pageSize: 5 };
    const before = await bothWays('en', 'premium', request);
    const first = before.fromIndex.data[0]!;
    await db().transaction(async (tx) => {
      await tx.update(products).set({ status: 'draft' }).where(eq(products.id, first._id));
      await bumpCatalogVersion(tx);
    });
    await indexCurrent();
    const after = await bothWays('en', 'premium', request);
    expect(after.fromIndex.total).toBe(before.fromIndex.total - 1);
    expect(after.fromIndex.data.map((p) => p._id)).not.toContain(first._id);
    expect(after.fromIndex).toEqual(after.fromDatabase);

    const sold = after.fromIndex.data.find((p) => p.quantity > 0)!;
    await db().transaction((tx) => applyStockChanges(tx, [{ productId: sold._id, delta: -sold.quantity }], 'adjustment'));
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + STOCK_REFRESH_MS + 1_000);
    const sale = await bothWays('en', 'premium', { ...request, filters: { inStock: true } });
    expect(sale.fromIndex.facets.inStock).toBe(after.fromIndex.facets.inStock - 1);
    expect(sale.fromIndex.data.map((p) => p._id)).not.toContain(sold._id);
    expect(sale.fromIndex).toEqual(sale.fromDatabase);
    // Unfiltered too: the whole catalog's packed columns follow the stock.
    const plain = await bothWays('en', 'premium', request);
    expect(plain.fromIndex.facets.inStock).toBe(after.fromIndex.facets.inStock - 1);
    expect(plain.fromIndex).toEqual(plain.fromDatabase);
  });
});
