// `npm run bench`, part 4: the cart under 20 signed-in shoppers at once (`BENCH_CART_SHOPPERS`).
// Each shopper (their own token, their own cart) adds one unit of a product (`POST /api/cart/{id}`,
// cycling through 10 products in stock), in the paced run then sets that line's quantity
// (`PATCH /api/cart`), and reads the cart (`GET /api/cart`), against one built server process:
// on the embedded database and, when DATABASE_URL is set, on a fresh database on that server
// (dropped afterwards). Two runs each:
//  - paced: every shopper adds and reads `BENCH_CART_PACE` times a second on average (default 2;
//    a busy shopper clicks far less), with random (exponential) waits between visits, as
//    independent shoppers arrive; latency is the server's work plus the queueing a busy shop
//    causes — the budget (cart issue): p95 under 15 ms for each call, on the PostgreSQL server;
//    since every cart write waits for its commit to be durable (decision 0028), p95 at most 20 %
//    (or 2 ms) above the asynchronous commits' figures.
//    (Shoppers who all click at the same instant, as a fixed per-connection rate makes them,
//    measure a burst of 50 requests queueing for one core instead.)
//  - flat out: every shopper adds and reads again as soon as answered, which shows the
//    throughput one process reaches; its latency is mostly 50 requests queueing for one core.
// Reports the p50/p95/p99 of each call.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { ProductPageResponseSchema } from '@dukkan/contracts/catalog';
import { SignInResponseSchema } from '@dukkan/contracts/users';
import autocannon from 'autocannon';

import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

import { startServer } from './server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SHOPPERS = Number(process.env.BENCH_CART_SHOPPERS ?? 20);
/** Products each shopper cycles through: the cart holds at most this many lines. */
const PRODUCTS_PER_SHOPPER = 10;
/** Stock enough that no line reaches its limit (99) in a run or two of a few seconds. */
const MIN_STOCK = 99;
/** Add-and-read cycles per second of each shopper in the paced run. */
const PACE = Number(process.env.BENCH_CART_PACE ?? 2);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Signs up and signs in `count` shoppers, a few at a time (each costs two password hashes). */
async function makeShoppers(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, async (_, i) => {
      const credentials = { email: `bench-cart-${start + i}-${randomBytes(3).toString('hex')}@example.com`, password: 'a-bench-passphrase-42' };
      const signUp = await post(`${baseUrl}/api/users/signup`, { name: 'Bench Shopper', ...credentials });
      if (signUp.status !== 201) throw new Error(`signup answered ${signUp.status}`);
      const signIn = await post(`${baseUrl}/api/users/signin`, credentials);
      return SignInResponseSchema.parse(await signIn.json()).token;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/** Ids of products with at least `MIN_STOCK` in stock. */
async function productsInStock(baseUrl: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 4; page += 1) {
    const res = await fetch(`${baseUrl}/api/product?page=${page}&pageSize=100`);
    const { data } = ProductPageResponseSchema.parse(await res.json());
    ids.push(...data.filter((product) => product.quantity >= MIN_STOCK).map((product) => product._id));
  }
  if (ids.length < PRODUCTS_PER_SHOPPER) throw new Error(`only ${ids.length} products have ${MIN_STOCK} in stock`);
  return ids;
}

interface Figures {
  add: number[];
  /** Paced run only: `PATCH /api/cart` setting the line just added to 2 or 3. */
  change: number[];
  /** Paced run only: a department's products (`GET /api/product/category/Grocery`) read 5 times a second meanwhile. */
  catalog: number[];
  read: number[];
  failures: number;
}

/**
 * `durationS` seconds of every shopper adding then reading, `pace` times a second each on
 * average: the waits between a shopper's visits are exponential (a Poisson process), so the 50
 * shoppers never move in step. Each call's latency in ms, as the shopper's `fetch` saw it.
 */
async function paced(baseUrl: string, tokens: string[], productIds: string[], durationS: number, pace: number): Promise<Figures> {
  const figures: Figures = { add: [], change: [], catalog: [], read: [], failures: 0 };
  const end = performance.now() + durationS * 1000;
  const timed = async (into: number[], url: string, init: RequestInit) => {
    const start = performance.now();
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (response.status !== 200) figures.failures += 1;
    } catch {
      figures.failures += 1;
    }
    into.push(performance.now() - start);
  };
  const catalogReads = (async () => {
    while (performance.now() < end) {
      await timed(figures.catalog, `${baseUrl}/api/product/category/Grocery`, {});
      await sleep(200);
    }
  })();
  await Promise.all([
    catalogReads,
    ...tokens.map(async (token, shopper) => {
      for (let turn = 0; ; turn += 1) {
        await sleep((-Math.log(1 - Math.random()) * 1000) / pace);
        if (performance.now() >= end) return;
        const product = productIds[(shopper + (turn % PRODUCTS_PER_SHOPPER)) % productIds.length]!;
        await timed(figures.add, `${baseUrl}/api/cart/${product}`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: JSON.stringify({ quantity: 1 }),
        });
        await timed(figures.change, `${baseUrl}/api/cart`, {
          method: 'PATCH',
          headers: { token, 'content-type': 'application/json' },
          body: JSON.stringify({ productId: product, quantity: 2 + (turn % 2) }),
        });
        await timed(figures.read, `${baseUrl}/api/cart`, { headers: { token } });
      }
    }),
  ]);
  figures.add.sort((a, b) => a - b);
  figures.change.sort((a, b) => a - b);
  figures.catalog.sort((a, b) => a - b);
  figures.read.sort((a, b) => a - b);
  return figures;
}

/** `durationS` seconds of every shopper adding then reading flat out; each call's latency in ms. */
async function flatOut(baseUrl: string, tokens: string[], productIds: string[], durationS: number): Promise<Figures> {
  const figures: Figures = { add: [], change: [], catalog: [], read: [], failures: 0 };
  let nextShopper = 0;
  // Set by a request's onResponse just before autocannon emits that response's `response` event.
  let answered: 'add' | 'read' = 'add';
  const options: autocannon.Options = {
    url: baseUrl,
    connections: tokens.length,
    duration: durationS,
    setupClient: (client) => {
      const shopper = nextShopper++;
      const headers = { token: tokens[shopper % tokens.length]!, 'content-type': 'application/json' };
      let turn = 0;
      client.setRequests([
        {
          method: 'POST',
          path: '/api/cart/placeholder',
          headers,
          body: JSON.stringify({ quantity: 1 }),
          setupRequest: (request) => {
            const product = productIds[(shopper + (turn++ % PRODUCTS_PER_SHOPPER)) % productIds.length]!;
            return { ...request, path: `/api/cart/${product}` };
          },
          onResponse: () => (answered = 'add'),
        },
        { method: 'GET', path: '/api/cart', headers: { token: headers.token }, onResponse: () => (answered = 'read') },
      ]);
    },
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, done: autocannon.Result) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      figures[answered].push(responseTime);
      if (statusCode !== 200) figures.failures += 1;
    });
  });
  figures.failures += result.errors + result.timeouts;
  figures.add.sort((a, b) => a - b);
  figures.read.sort((a, b) => a - b);
  return figures;
}

async function bench(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  const server = await startServer(env);
  try {
    const tokens = await makeShoppers(server.url, SHOPPERS);
    const productIds = await productsInStock(server.url);
    await flatOut(server.url, tokens, productIds, 2); // warm-up: connections, plans, every cart made
    const describe = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(1).padStart(5)}  p95 ${percentile(values, 95).toFixed(1).padStart(5)}  p99 ${percentile(values, 99).toFixed(1).padStart(5)} ms`;
    console.log(`  ${label}`);
    const runs = [
      [`paced, ${PACE}/s each on average`, () => paced(server.url, tokens, productIds, DURATION_S, PACE)],
      ['flat out', () => flatOut(server.url, tokens, productIds, DURATION_S)],
    ] as const;
    for (const [name, measure] of runs) {
      const { add, change, catalog, read, failures } = await measure();
      console.log(`    ${name}`);
      console.log(`      POST /api/cart/{id} ... ${describe(add)}   ${(add.length / DURATION_S).toFixed(0).padStart(5)} /s`);
      if (change.length > 0) console.log(`      PATCH /api/cart ....... ${describe(change)}   ${(change.length / DURATION_S).toFixed(0).padStart(5)} /s`);
      console.log(`      GET /api/cart ......... ${describe(read)}   ${(read.length / DURATION_S).toFixed(0).padStart(5)} /s   failures ${failures}`);
      if (catalog.length > 0) console.log(`      catalog meanwhile ..... ${describe(catalog)}   (GET /api/product/category/Grocery, 5 /s)`);
    }
  } finally {
    await server.stop();
  }
}

console.log(`\nCart: ${SHOPPERS} signed-in shoppers, each adding one unit, (paced) changing its quantity, then reading the cart, ${DURATION_S} s, one server process:`);
const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-cart-'));
try {
  await bench('embedded PostgreSQL (PGlite)', { DATA_DIR: tmp, DATABASE_URL: '', REDIS_URL: '' });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `dukkan_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
    try {
      await bench('PostgreSQL server (DATABASE_URL)', { DATABASE_URL: databaseUrl(serverUrl, name), REDIS_URL: '' });
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    }
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
