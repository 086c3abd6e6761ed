import { AISLE_SORTS } from '@dukkan/contracts/aisle';
import type { Language } from '@dukkan/contracts/common';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { rowsOf } from '../../db/client';
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
import { eachLexeme, keptSearchIndex, searchIndex } from './search-index';
import { planningForTests, searchProducts, suggestProducts } from './service';

/*
 * Search is answered from the search index kept in memory (decision 0058) once it is current, and
 * by the database's statements until then: both must give the same answer, to the product and
 * the count, for every kind of query, filter, sort and page, and the index must follow the catalog.
 */
/** A statement's rows, from either driver. */

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

  it('plans words from its vocabulary as the database does: known words, prefixes, stop words and typos', async () => {
    const index = await keptSearchIndex(db());
    if (!index) throw new Error('no search index');
    const { terms } = index.vocabulary;
    const random = seeded(20_261_203);
    const typos = new Set<string>();
    // Misspellings of vocabulary words: a letter dropped, doubled, swapped with the next, or replaced.
    for (let k = 0; k < 300; k++) {
      const term = terms[Math.floor(random() * terms.length)] as string;
      if (!/^[a-z]{5,}$/.test(term)) continue;
      const at = 1 + Math.floor(random() * (term.length - 2));
      const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)] as string;
      const edits = [term.slice(0, at) + term.slice(at + 1), term.slice(0, at) + term[at] + term.slice(at), term.slice(0, at) + term[at + 1] + term[at] + term.slice(at + 2), term.slice(0, at) + letter + term.slice(at + 1)];
      typos.add(edits[k % edits.length] as string);
    }
    const words = [...typos, ...terms.slice(0, 40), 'the', 'for', 'a', 'hea', 'headp', 'hedphones', 'cofee', 'blankit', 'zzzzqx', 'x100', 'قهوه', 'قهو', 'سماعات', 'قهوت'];
    let corrected = 0;
    let inMemory = 0;
    for (const word of words) {
      const { plans } = await planningForTests.planWords(db(), [word]);
      const here = await planningForTests.planWordsInMemory(db(), index.vocabulary, [word]);
      if (/^[a-z]+$/.test(word) || terms.includes(word)) expect(here, word).toBeDefined();
      if (here === undefined) continue;
      inMemory++;
      expect(here, word).toEqual(plans);
      if (plans[0]?.corrections.length) corrected++;
    }
    // The comparison is not empty: most typos were corrected, and every ASCII word was planned here.
    expect(corrected).toBeGreaterThan(typos.size / 2);
    expect(inMemory).toBeGreaterThan(words.length - 5);
    // Several words at once, as a query has them.
    const query = ['wireless', 'hedphones', 'the', 'qu'];
    expect(await planningForTests.planWordsInMemory(db(), index.vocabulary, query)).toEqual((await planningForTests.planWords(db(), query)).plans);
  });

  it('never answers from a kept index older than the catalog', async () => {
    const request: AisleRequest = { filters: {}, sort: 'relevance', page: 1, pageSize: 5 };
    await indexCurrent();
    const before = await bothWays('en', 'premium', request);
    const first = before.fromIndex.data[0]!;
    const suggested = (await suggestProducts(db(), 'en', searchWords('premium')))[0]!;
    await db().transaction(async (tx) => {
      await tx.update(products).set({ status: 'draft' }).where(eq(products.id, first._id));
      await tx.update(products).set({ status: 'draft' }).where(eq(products.id, suggested._id));
      await bumpCatalogVersion(tx);
    });
    // Asked at once, before any request saw the new version: the index kept is of the old catalog.
    const now = await searchProducts(db(), 'en', searchWords('premium'), request);
    expect(now.data.map((p) => p._id)).not.toContain(first._id);
    expect(now.total).toBe(before.fromIndex.total - (first._id === suggested._id ? 1 : 2));
    expect((await suggestProducts(db(), 'en', searchWords('premium'))).map((p) => p._id)).not.toContain(suggested._id);
  });

  it('reads search vectors as the database unnests them: weights, quotes, backslashes, no positions', async () => {
    /** What the database makes of vectors (as text): each lexeme with its best weight class, 3 for A, 2 for B, else 1. */
    const unnested = async (vectors: SQL) =>
      rowsOf<{ k: number; lexeme: string; weight: number }>(
        await db().execute(sql`
          select v.k::int as k, u.lexeme, case when 'A'::"char" = any(u.weights) then 3 when 'B'::"char" = any(u.weights) then 2 else 1 end as weight
          from (${vectors}) v cross join unnest(v.vector::tsvector) u order by v.k, u.lexeme`),
      );
    const read = (rows: { k: number; vector: string }[]) =>
      rows
        .flatMap(({ k, vector }) => {
          const lexemes: { k: number; lexeme: string; weight: number }[] = [];
          eachLexeme(vector, (lexeme, weight) => lexemes.push({ k, lexeme, weight }));
          return lexemes;
        })
        .sort((a, b) => a.k - b.k || (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
    // Made-up vectors with what no catalog text gives: quotes, backslashes, spaces, no positions.
    const crafted = sql`select k, vector::text as vector from (values
      (1, ${"'it''s':1A,3B 'back\\\\slash':2B,4 'plain' 'two words':5C 'd':6 'سماعات':7A"}::tsvector),
      (2, ${"'x':1,2,3 'y':4B,5A"}::tsvector)) as t(k, vector)`;
    const craftedRows = rowsOf<{ k: number; vector: string }>(await db().execute(crafted));
    expect(read(craftedRows)).toEqual(await unnested(crafted));
    expect(read(craftedRows).map((r) => r.lexeme)).toEqual(expect.arrayContaining(["it's", 'back\\slash', 'two words', 'plain']));
    // And the catalog's own: the demo and generated products, in both languages.
    const catalog = sql`select row_number() over (order by ${products.position})::int as k, ${products.searchVector}::text as vector from ${products}`;
    expect(read(rowsOf<{ k: number; vector: string }>(await db().execute(catalog)))).toEqual(await unnested(catalog));
  });
});
