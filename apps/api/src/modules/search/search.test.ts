import type { Product } from '@dukkan/contracts/catalog';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { MAX_SUGGESTIONS, ProductSearchResponseSchema, SearchSuggestResponseSchema } from '@dukkan/contracts/search';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { bumpCatalogVersion } from '../../lib/catalog-version';
import type { SeedProduct } from '../../seed/catalog-types';
import { insertProducts } from '../../seed/load-catalog';
import { useTestApp } from '../../test/test-app';

import { normalizeSearchText } from './normalize';

const ARABIC = /[\u0600-\u06FF]/;
const t = useTestApp();

const get = (url: string, headers?: Record<string, string>) => t.get(url, headers);

async function search(q: string, extra = '', headers: Record<string, string> = {}) {
  const res = await get(`/api/product/search?q=${encodeURIComponent(q)}${extra}`, headers);
  expect(res.status).toBe(200);
  return ProductSearchResponseSchema.parse(res.body);
}

async function suggest(q: string, extra = '') {
  const res = await get(`/api/product/suggest?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return SearchSuggestResponseSchema.parse(res.body).data;
}

const titles = (products: Pick<Product, 'title'>[]) => products.map((p) => p.title);

/**
 * Adds one published beverage after start-up, with `product`'s texts and figures, at catalog
 * position `position`, raising the catalog's version as every catalog write does.
 */
async function addBeverage(product: Omit<SeedProduct, 'categorySlug' | 'subcategorySlug' | 'thumbnail' | 'images'>, position: number) {
  const picture = '/images/products/x/0.svg';
  await t.database.db.transaction(async (tx) => {
    await insertProducts(
      tx,
      [{ ...product, categorySlug: 'Grocery', subcategorySlug: 'grocery-beverages', thumbnail: picture, images: [picture, '/images/products/x/1.svg', '/images/products/x/2.svg'] }],
      position,
    );
    await bumpCatalogVersion(tx);
  });
}

describe('GET /api/product/search: relevance', () => {
  it('puts the product whose title is the query first', async () => {
    const { data } = await search('Bose QuietComfort Wireless Headphones');
    expect(data[0]?.title).toBe('Bose QuietComfort Wireless Headphones');
  });

  it('ranks products with the word in their title above those with it only in the description', async () => {
    const { data, total } = await search('coffee', '&pageSize=100');
    expect(total).toBe(data.length);
    const inTitle = data.map((p) => /coffee/i.test(p.title));
    expect(inTitle[0]).toBe(true);
    const firstDescriptionOnly = inTitle.indexOf(false);
    expect(firstDescriptionOnly).toBeGreaterThan(0);
    // e.g. the dates, "a wholesome treat with coffee", come after every coffee by name.
    expect(inTitle.slice(firstDescriptionOnly)).not.toContain(true);
    expect(data[firstDescriptionOnly]!.description).toMatch(/coffee/i);
  });

  it('needs every word when some product has them all', async () => {
    const { data } = await search('organic avocados');
    expect(titles(data)).toEqual(['Organic Hass Avocados, 4 Count']);
  });

  it('falls back to any word when no product has them all', async () => {
    const { data } = await search('avocados xylophone');
    expect(titles(data)).toContain('Organic Hass Avocados, 4 Count');
  });
});

describe('GET /api/product/search: as you type and with typos', () => {
  it('matches the start of a word ("headph" finds headphones)', async () => {
    const { data } = await search('headph');
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(data[0]?.title).toMatch(/headphones/i);
  });

  it('matches the start of a word whose stem differs ("organi" finds organic)', async () => {
    const { data } = await search('organi');
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]?.title).toMatch(/organic/i);
  });

  it.each([
    ['hedphones', /headphones/i],
    ['bluetoth speker', /bluetooth speaker/i],
    ['avocdo', /avocados/i],
    ['organik avocdos', /organic hass avocados/i],
  ])('forgives a typo: %s', async (q, expected) => {
    const { data } = await search(q);
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]?.title).toMatch(expected);
  });

  it('finds the avocados by a misspelling', async () => {
    expect(titles((await search('avocdo')).data)).toContain('Organic Hass Avocados, 4 Count');
  });

  it('finds a product added after start-up, by its words and by a misspelling of them', async () => {
    await addBeverage(
      {
        slug: 'search-test-zanzibar-clove-tea',
        title: { en: 'Zanzibar Clove Tea, 20 Bags', ar: 'شاي زنجبار بالقرنفل، 20 كيسًا' },
        description: { en: 'A warming spiced tea.', ar: 'شاي دافئ بالتوابل.' },
        brand: { en: 'Spice Island', ar: 'جزيرة التوابل' },
        priceCents: 499,
        listPriceCents: 649,
        quantity: 10,
      },
      900_000,
    );
    const found = await search('zanzibar');
    expect(titles(found.data)).toEqual(['Zanzibar Clove Tea, 20 Bags']);
    expect(found.data[0]).toMatchObject({ price: 4.99, listPrice: 6.49, category: 'Grocery', categoryLabel: 'Grocery', subcategory: 'grocery-beverages' });
    expect(titles((await search('zanzibr')).data)).toEqual(['Zanzibar Clove Tea, 20 Bags']);
    expect(titles((await search('زنجبار', '&lng=ar')).data)).toContain('شاي زنجبار بالقرنفل، 20 كيسًا');
  });

  it('learns a new product\'s words for corrections, but not its bare numbers, which it still finds', async () => {
    await addBeverage(
      {
        slug: 'search-test-quokkaglow-tea-77341',
        title: { en: 'Quokkaglow Tea 77341, Blend QX9000', ar: 'شاي كووكا ٧٧٣٤١' },
        description: { en: 'Catalog number 55123.', ar: 'رقم الكتالوج 55123.' },
        brand: { en: 'Quokkaglow', ar: 'كووكا' },
        priceCents: 2599,
        listPriceCents: null,
        quantity: 4,
      },
      900_001,
    );
    const known = await t.database.db.execute(
      sql`select term from search_terms where term in ('quokkaglow', 'qx9000', '77341', '55123', '٧٧٣٤١') order by term`,
    );
    expect((known as { rows: { term: string }[] }).rows.map((r) => r.term)).toEqual(['quokkaglow', 'qx9000']);
    expect(titles((await search('77341')).data)).toEqual(['Quokkaglow Tea 77341, Blend QX9000']);
    expect(titles((await search('quokaglow')).data)).toEqual(['Quokkaglow Tea 77341, Blend QX9000']);
  });
});

describe('GET /api/product/search: Arabic', () => {
  it.each([
    ['افوكادو', 'أفوكادو هاس عضوي، 4 حبات'], // alef without hamza finds أ
    ['اطار شتوي', 'إطار شتوي للثلوج، 215/60R16'], // and إ
    ['قهوه عربيه', 'قهوة عربية بالهيل، 250 غرامًا'], // ه typed for taa marbuta
    ['قَهْوَةٌ عَرَبِيَّة', 'قهوة عربية بالهيل، 250 غرامًا'], // diacritics in the query
    ['قهـــوة عربية', 'قهوة عربية بالهيل، 250 غرامًا'], // tatweel in the query
    ['منظم صندوق', 'منظّم صندوق سيارة قابل للطي'], // shadda in the stored title
    ['لهايات حتي', 'لهّايات تقويمية، من الولادة حتى 6 أشهر، 4 قطع'], // ي typed for alef maqsura
    ['سماعات راس', 'سماعات رأس لاسلكية بوز QuietComfort'], // hamza on alef inside a word
  ])('%s finds %s', async (q, title) => {
    const { data } = await search(q, '&lng=ar');
    expect(titles(data)).toContain(title);
  });

  it('answers an Arabic query with Arabic titles when lng=ar, and in English otherwise', async () => {
    const ar = await search('سماعات', '', { cookie: 'i18next=ar' });
    expect(ar.total).toBeGreaterThanOrEqual(3);
    for (const p of ar.data) {
      expect(p.title).toMatch(ARABIC);
      expect(p.categoryLabel).toMatch(ARABIC);
    }
    const en = await search('سماعات');
    expect(en.total).toBe(ar.total);
    expect(en.data.map((p) => p._id)).toEqual(ar.data.map((p) => p._id));
    for (const p of en.data) expect(p.title).not.toMatch(ARABIC);
  });

  it('stores text normalised exactly as the API normalises a query', async () => {
    const samples = ['أإآٱ ؤ ئ ة ى', 'قَهْوَةٌ ـــ ٰ', 'Organic HASS', 'منظّم'];
    for (const text of samples) {
      const [row] = await t.database.db
        .select({ normalised: sql<string>`dukkan_search_normalize(${text})` })
        .from(sql`(values (1)) as one(x)`);
      expect(row?.normalised).toBe(normalizeSearchText(text));
    }
  });
});

describe('GET /api/product/search: paging and input', () => {
  it('pages results with page, pageSize and total', async () => {
    const first = await search('organic', '&page=1&pageSize=2');
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(2);
    expect(first.total).toBeGreaterThan(4);
    expect(first.data).toHaveLength(2);
    const second = await search('organic', '&page=2&pageSize=2');
    expect(second.total).toBe(first.total);
    expect(second.data).toHaveLength(2);
    expect(second.data.some((p) => first.data.some((f) => f._id === p._id))).toBe(false);
    const all = await search('organic', '&pageSize=100');
    expect(all.data.slice(0, 4).map((p) => p._id)).toEqual([...first.data, ...second.data].map((p) => p._id));
    const beyond = await search('organic', '&page=500&pageSize=2');
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it.each(['', '   ', '\t'])('answers a blank query (%j) with an empty list', async (q) => {
    expect(await search(q)).toEqual({
      data: [],
      page: 1,
      pageSize: 24,
      total: 0,
      facets: {
        brand: [],
        subcategory: [],
        department: [],
        rating: [4, 3, 2, 1].map((value) => ({ value, count: 0 })),
        price: { min: null, max: null },
        inStock: 0,
        onSale: 0,
      },
    });
  });

  it('answers a missing q with an empty list (and is not taken for a product id)', async () => {
    const res = await get('/api/product/search');
    expect(res.status).toBe(200);
    expect(ProductSearchResponseSchema.parse(res.body).total).toBe(0);
  });

  it('refuses a query of more than 200 characters with a 400 that says so', async () => {
    expect((await get(`/api/product/search?q=${'a'.repeat(200)}`)).status).toBe(200);
    const res = await get(`/api/product/search?q=${'a'.repeat(201)}`);
    expect(res.status).toBe(400);
    const error = ErrorResponseSchema.parse(res.body);
    expect(error.message).toMatch(/q must be at most 200 characters/);
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses q given twice, and a bad page, with a 400', async () => {
    expect(ErrorResponseSchema.parse((await get('/api/product/search?q=a&q=b')).body).message).toMatch(/q/);
    expect(ErrorResponseSchema.parse((await get('/api/product/search?q=tea&page=0')).body).message).toMatch(/page/);
  });

  it.each(['%', '_', "'", '\\', '<script>alert(1)</script>', 'a:* & !', "tea'; drop table products; --", '"coffee"', '(tea | !coffee)', '🎧 headphones', '%_%'])(
    'takes %j as plain text',
    async (q) => {
      const result = await search(q);
      expect(result.total).toBeGreaterThanOrEqual(0);
    },
  );

  it('still has its products after a query that looks like SQL', async () => {
    await search("x'); delete from products; --");
    expect((await search('headphones')).total).toBeGreaterThan(0);
  });
});

describe('GET /api/product/suggest', () => {
  it(`suggests at most ${MAX_SUGGESTIONS} titles for a few letters, best first`, async () => {
    const data = await suggest('headph');
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(data.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    for (const s of data) {
      expect(s.title).toMatch(/headphones/i);
      expect(s.category).toBe('electronics');
    }
    const { total } = await search('set');
    expect(total).toBeGreaterThan(MAX_SUGGESTIONS);
    const broad = await suggest('set');
    expect(broad).toHaveLength(MAX_SUGGESTIONS);
    expect(broad.map((s) => s._id)).toEqual((await search('set', `&pageSize=${MAX_SUGGESTIONS}`)).data.map((p) => p._id));
  });

  it('forgives typos and answers in Arabic for lng=ar', async () => {
    expect((await suggest('hedphones'))[0]?.title).toMatch(/headphones/i);
    const ar = await suggest('سماعا', '&lng=ar');
    expect(ar.length).toBeGreaterThan(0);
    for (const s of ar) expect(s.title).toMatch(ARABIC);
  });

  it('answers blank with an empty list and more than 200 characters with a 400', async () => {
    expect(await suggest(' ')).toEqual([]);
    const res = await get(`/api/product/suggest?q=${'b'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect(ErrorResponseSchema.parse(res.body).message).toMatch(/200/);
  });
});

describe('HTTP caching of search', () => {
  it.each(['/api/product/search?q=headphones', '/api/product/suggest?q=headph'])('%s: ETag, Cache-Control and 304', async (url) => {
    const first = await get(url);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const arabic = await get(url, { cookie: 'i18next=ar' });
    expect(arabic.headers.etag).not.toBe(first.headers.etag);
  });

  it('shares one answer between spellings of the same words', async () => {
    const a = await get('/api/product/search?q=Headphones');
    const b = await get('/api/product/search?q=%20%20headphones!');
    expect(b.headers.etag).toBe(a.headers.etag);
  });
});
