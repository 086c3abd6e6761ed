import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { CartResponseSchema } from '@dukkan/contracts/cart';
import { ProductResponseSchema } from '@dukkan/contracts/catalog';
import { ProductSearchResponseSchema } from '@dukkan/contracts/search';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../../../app';
import { openDatabase, type DatabaseHandle } from '../../../db/client';
import { products } from '../../../db/schema';
import { bumpCatalogVersion } from '../../../lib/catalog-version';
import { FailureLimiter } from '../../../lib/failure-limiter';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/test-app';

// A stand-in for the storefront's server entry: a product page shows the price the API answers,
// and is a 404 when the API says the product is not there (as the real entry does).
const ENTRY = `
export async function render({ url, language, apiBaseUrl, fetchFn, template }) {
  const match = /^\\/details\\/([^/?]+)/.exec(url);
  if (!match) return { status: 200, html: template.replace('<!--app-html-->', () => 'home') };
  const answer = await fetchFn(apiBaseUrl + '/product/' + match[1], { headers: { lng: language } });
  if (answer.status === 404) return { status: 404, html: template.replace('<!--app-html-->', () => 'not found') };
  const { data } = await answer.json();
  return { status: 200, html: template.replace('<!--app-html-->', () => 'price=' + data.price) };
}
`;
const TEMPLATE = '<!doctype html><html><body><div id="root"><!--app-html--></div></body></html>';
/** Longer than the test: only a NOTIFY (or the process's own write) can make a change show. */
const NO_POLL_MS = 10 * 60 * 1000;

let dist: string;
let database: TestDatabase;
let app: FastifyInstance;
let staff: TestStaff;

async function startApp(db: DatabaseHandle['db']): Promise<FastifyInstance> {
  const built = await buildApp({
    config: testConfig({ LOG_LEVEL: 'silent' }),
    db,
    webDistDir: dist,
    limiter: FailureLimiter.create({ redisUrl: undefined }),
    catalogPollMs: NO_POLL_MS,
    // Pages would be kept for a minute: what makes them fresh is the catalog's version.
    pageCacheTtlMs: 60_000,
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'dukkan-fresh-'));
  await mkdir(path.join(dist, 'server'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(path.join(dist, 'server', 'entry-server.js'), ENTRY);
  await writeFile(path.join(dist, 'package.json'), '{ "type": "module" }');
  database = await createTestDatabase();
  app = await startApp(database.db);
  staff = await createTestStaff(database.db, 'catalog');
});
afterAll(async () => {
  await app.close();
  await database.close();
  await database.destroy();
  await rm(dist, { recursive: true, force: true });
});

/** A published product of the demo catalog with a title word of its own, to search for. */
async function someProduct(): Promise<{ id: string; word: string }> {
  const word = `fresh${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
  const [row] = await database.db
    .update(products)
    .set({ titleEn: `Teapot ${word}`, priceCents: 1000, listPriceCents: null, quantity: 50 })
    .where(eq(products.id, (await database.db.select({ id: products.id }).from(products).limit(1).offset(Math.floor(Math.random() * 300)))[0]!.id))
    .returning({ id: products.id });
  // Written behind the API's back: tell every process, as a catalog writer must.
  await database.db.transaction((tx) => bumpCatalogVersion(tx));
  return { id: row!.id, word };
}

const priceOf = async (on: FastifyInstance, id: string) => {
  const res = await on.inject({ method: 'GET', url: `/api/product/${id}` });
  return res.statusCode === 200 ? ProductResponseSchema.parse(res.json()).data.price : res.statusCode;
};
const pageOf = async (on: FastifyInstance, id: string) => {
  const res = await on.inject({ method: 'GET', url: `/details/${id}` });
  return res.statusCode === 200 ? /price=([\d.]+)/.exec(res.body)?.[1] : res.statusCode;
};
const searchPriceOf = async (on: FastifyInstance, word: string, id: string) => {
  const res = await on.inject({ method: 'GET', url: `/api/product/search?q=${word}` });
  return ProductSearchResponseSchema.parse(res.json()).data.find((p) => p._id === id)?.price;
};
const newCartPriceOf = async (on: FastifyInstance, id: string) => {
  const res = await on.inject({ method: 'POST', url: `/api/cart/${id}`, payload: { quantity: 1 } });
  return CartResponseSchema.parse(res.json()).data.items[0]?.product.price;
};
const patchPrice = async (on: FastifyInstance, id: string, price: number) => {
  const res = await on.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers: staff.headers, payload: { price } });
  expect(res.statusCode, res.body).toBe(200);
};

/** Asks `read` until it answers `expected`, for at most `withinMs`; answers how long it took. */
async function eventually<T>(read: () => Promise<T>, expected: T, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value === expected) return Date.now() - started;
    if (Date.now() - started > withinMs) expect(value).toBe(expected);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a change reaches shoppers at once on the process that made it', () => {
  it('shows a new price in the product answer, its page, search and a new cart, all cached before', async () => {
    const { id, word } = await someProduct();
    await eventually(() => priceOf(app, id), 10, 3000);
    // Cached now, everywhere.
    expect(await priceOf(app, id)).toBe(10);
    expect(await pageOf(app, id)).toBe('10');
    expect(await searchPriceOf(app, word, id)).toBe(10);

    await patchPrice(app, id, 12.5);
    expect(await priceOf(app, id)).toBe(12.5);
    expect(await pageOf(app, id)).toBe('12.5');
    expect(await searchPriceOf(app, word, id)).toBe(12.5);
    expect(await newCartPriceOf(app, id)).toBe(12.5);
  });

  it('tells browsers to revalidate catalog answers every time, with an ETag', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await app.inject({ method: 'GET', url: '/api/categories/', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('takes a product off its page and the sitemap when archived, and back when published', async () => {
    const { id } = await someProduct();
    await eventually(() => pageOf(app, id), '10', 3000);
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(id);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: staff.headers })).statusCode).toBe(204);
    expect(await pageOf(app, id)).toBe(404);
    expect(await priceOf(app, id)).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(id);
    const back = await app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers: staff.headers, payload: { status: 'published' } });
    expect(back.statusCode).toBe(200);
    expect(await pageOf(app, id)).toBe('10');
  });

  it('learns of a write by another connection through NOTIFY alone (no poll runs in this test)', async () => {
    const { id } = await someProduct();
    await eventually(() => priceOf(app, id), 10, 3000);
    expect(await pageOf(app, id)).toBe('10');
    // A writer that is not this app's routes (an import, a photo upload) changes the row and bumps.
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ priceCents: 1700 }).where(eq(products.id, id));
      await bumpCatalogVersion(tx);
    });
    const took = await eventually(() => priceOf(app, id), 17, 3000);
    expect(took).toBeLessThan(3000);
    expect(await pageOf(app, id)).toBe('17');
  });
});

describe.runIf(inject('dbKind') === 'postgres')('a change reaches shoppers on every API process (only on the PostgreSQL server: the embedded database belongs to one process)', () => {
  let second: DatabaseHandle;
  let other: FastifyInstance;
  beforeAll(async () => {
    if (!database.url) throw new Error('the PostgreSQL copy has no URL');
    second = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
    other = await startApp(second.db);
  });
  afterAll(async () => {
    await other.close();
    await second.close();
  });

  it('shows a price changed on one process in the other’s product answer, page, search and a new cart within seconds, through NOTIFY', async () => {
    const { id, word } = await someProduct();
    await eventually(() => priceOf(other, id), 10, 3000);
    expect(await pageOf(other, id)).toBe('10');
    expect(await searchPriceOf(other, word, id)).toBe(10);

    await patchPrice(app, id, 14.25);
    // The other process polls once in ten minutes here: only the NOTIFY can tell it in time.
    const took = await eventually(() => priceOf(other, id), 14.25, 3000);
    expect(took).toBeLessThan(3000);
    expect(await pageOf(other, id)).toBe('14.25');
    expect(await searchPriceOf(other, word, id)).toBe(14.25);
    expect(await newCartPriceOf(other, id)).toBe(14.25);
  });
});
