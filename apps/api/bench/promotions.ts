// `npm run bench`, after part 5 (orders): promotions (issue #35, decision 0059), against one
// built server process on the embedded database and, when DATABASE_URL is set, on a fresh
// database on that server (dropped afterwards). Two parts:
//  - Cart: 20 signed-in shoppers (`BENCH_PROMO_SHOPPERS`), each with a cart of 3 lines (two
//    Grocery products, one of another department), reading their carts (`GET /api/cart`): with
//    no promotion at all; with a code entered (10 % off Grocery); with no code but an automatic
//    promotion running (5 % off Grocery); with both. Also entering the code again
//    (`POST /api/cart/promo`). Half the shoppers hold the code and half not, measured side by
//    side, the halves swapping each cycle; blocks of 2 s alternate the automatic promotion off,
//    running, and off while the code's half enters it again and the other half sets a line's
//    quantity to what it is (`PATCH /api/cart`: a write answering a cart without a promotion,
//    to weigh entering a code against) — `BENCH_PROMO_CYCLES` cycles
//    (default 20) — so that the shared host's busy moments fall on every state alike. Read
//    paced — every shopper `BENCH_PROMO_PACE` times a second on average (default 2), random
//    (exponential) waits — and flat out (one connection a shopper, each asking again as soon as
//    answered: mostly queueing for one core). Prints each p95's difference from the cart
//    without a promotion. Budget (issue #35): p95 within 2 ms of a cart without one, at 20
//    shoppers.
//  - Place Order with a capped code: a promotion of 10 % off Grocery with a usage limit of
//    100 000 (so its uses are counted under its row lock), entered in the carts of enough
//    shoppers with a saved address that none passes the limit of 3 unpaid orders; orders of two
//    Grocery products placed at a steady `BENCH_ORDER_RATE` a second (default 20; open loop: one
//    every 50 ms whatever the answers) for `BENCH_PROMO_ORDER_DURATION` s (default 30).
//    `POST /api/orders` alone, p50/p95/p99 and the answers' statuses. Budget (issue #35): p95
//    under 150 ms on the PostgreSQL server.
// Staff session, stock and the products of each department are set up in the database before
// the server opens it; promotions are created and switched through the back office's API.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { PromotionResponseSchema, type CreatePromotionBody } from '@dukkan/contracts/admin-promotions';
import { CartResponseSchema } from '@dukkan/contracts/cart';
import { PlaceOrderResponseSchema } from '@dukkan/contracts/orders';
import { SignInResponseSchema, UserResponseSchema } from '@dukkan/contracts/users';
import autocannon from 'autocannon';
import { and, eq, ne } from 'drizzle-orm';

import { prepareDatabase } from '../src/db/prepare';
import { categories, products } from '../src/db/schema';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';
import { createTestStaff } from '../src/test/staff-fixtures';

import { startServer } from './server';
import { BENCH_ADDRESS } from './shoppers';

const SHOPPERS = Number(process.env.BENCH_PROMO_SHOPPERS ?? 20);
const PACE = Number(process.env.BENCH_PROMO_PACE ?? 2);
/** Paced: cycles of three blocks (automatic off, running, entering the code) of `BLOCK_S` seconds. */
const CYCLES = Number(process.env.BENCH_PROMO_CYCLES ?? 20);
const BLOCK_S = 2;
/** Flat out: fewer, longer blocks (autocannon starts its connections each block). */
const FLAT_CYCLES = Math.max(2, Math.round(CYCLES / 4));
const FLAT_BLOCK_S = 3;
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 20);
const ORDER_DURATION_S = Number(process.env.BENCH_PROMO_ORDER_DURATION ?? 30);
const ORDER_WARM_UP = 10;
// A shopper may have at most 3 unpaid orders (decision 0031) and the bench pays none: enough
// shoppers that none places more than 2 in the run, and the warm-up's its own.
const ORDER_SHOPPERS = Math.ceil((ORDER_RATE * ORDER_DURATION_S * 1.2) / 2) + ORDER_WARM_UP;
const USAGE_LIMIT = 100_000;
const DEPARTMENT = 'Grocery';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const describe = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1).padStart(5)}  p95 ${percentile(values, 95).toFixed(1).padStart(5)}  p99 ${percentile(values, 99).toFixed(1).padStart(5)} ms`;

function send(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function expectStatus(response: Promise<Response>, status: number, what: string): Promise<unknown> {
  const res = await response;
  const body: unknown = await res.json();
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

const ADDRESS = BENCH_ADDRESS;

interface Shopper {
  id: string;
  token: string;
  addressId: string | undefined;
}

/** Signs up and signs in `count` shoppers, a few at a time (two password hashes each); with a saved address when `withAddress`. */
async function makeShoppers(baseUrl: string, count: number, withAddress: boolean): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, async (_, i) => {
      const credentials = { email: `bench-promo-${start + i}-${randomBytes(3).toString('hex')}@example.com`, password: 'a-bench-passphrase-42' };
      await expectStatus(send(`${baseUrl}/api/users/signup`, 'POST', { name: 'Bench Shopper', ...credentials }), 201, 'signup');
      const { token, data } = SignInResponseSchema.parse(await expectStatus(send(`${baseUrl}/api/users/signin`, 'POST', credentials), 200, 'signin'));
      if (!withAddress) return { id: data._id, token, addressId: undefined };
      const book = await expectStatus(send(`${baseUrl}/api/users/address/${data._id}`, 'PUT', [ADDRESS], { token }), 200, 'address');
      const addressId = UserResponseSchema.parse(book).data.addressBook[0]?._id;
      if (!addressId) throw new Error('the address was not saved');
      return { id: data._id, token, addressId };
    });
    shoppers.push(...(await Promise.all(batch)));
  }
  return shoppers;
}

interface Setup {
  staffHeaders: Record<string, string>;
  /** Published products of the department the promotions target, and of the others. */
  inDepartment: string[];
  elsewhere: string[];
}

/**
 * Before the server opens the database: migrated and seeded as the server does it, a catalog
 * staff session, and stock enough for every order of the run on every product.
 */
async function setUp(env: NodeJS.ProcessEnv): Promise<Setup> {
  const handle = await prepareDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '' });
  try {
    const { db } = handle;
    const staff = await createTestStaff(db, 'catalog', 'Bench Catalog');
    await db.update(products).set({ quantity: 1_000_000 });
    const of = async (inside: boolean) =>
      (
        await db
          .select({ id: products.id })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(and(eq(products.status, 'published'), inside ? eq(categories.slug, DEPARTMENT) : ne(categories.slug, DEPARTMENT)))
      ).map((row) => row.id);
    const inDepartment = await of(true);
    const elsewhere = await of(false);
    if (inDepartment.length < 10 || elsewhere.length === 0) throw new Error(`too few products: ${inDepartment.length} in ${DEPARTMENT}, ${elsewhere.length} elsewhere`);
    return { staffHeaders: staff.headers, inDepartment, elsewhere };
  } finally {
    await handle.close();
  }
}

async function createPromotion(baseUrl: string, staffHeaders: Record<string, string>, body: CreatePromotionBody): Promise<string> {
  return PromotionResponseSchema.parse(await expectStatus(send(`${baseUrl}/api/admin/promotions`, 'POST', body, staffHeaders), 201, 'create promotion')).data._id;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

/** One shopper's part in a block: the call made, and the figures it counts into. */
interface Client {
  token: string;
  call: Call;
  key: string;
}

interface Figures {
  latencies: number[];
  failures: number;
}

type Tally = Map<string, Figures>;

function figuresOf(tally: Tally, key: string): Figures {
  let figures = tally.get(key);
  if (!figures) tally.set(key, (figures = { latencies: [], failures: 0 }));
  return figures;
}

/**
 * `durationS` seconds of every client making its call `pace` times a second on average
 * (exponential waits, so the shoppers never move in step); each latency in ms as `fetch` saw it.
 * Answers once every call made is answered.
 */
async function paced(baseUrl: string, clients: Client[], durationS: number, pace: number, tally: Tally): Promise<void> {
  const end = performance.now() + durationS * 1000;
  await Promise.all(
    clients.map(async ({ token, call, key }) => {
      const figures = figuresOf(tally, key);
      for (;;) {
        await sleep((-Math.log(1 - Math.random()) * 1000) / pace);
        if (performance.now() >= end) return;
        const start = performance.now();
        try {
          const res = await send(`${baseUrl}${call.path}`, call.method, call.body, { token });
          await res.arrayBuffer();
          if (res.status !== 200) figures.failures += 1;
        } catch {
          figures.failures += 1;
        }
        figures.latencies.push(performance.now() - start);
      }
    }),
  );
}

/** `durationS` seconds of one connection a client, each making its call again as soon as answered; latency in ms. */
async function flatOut(baseUrl: string, clients: Client[], durationS: number, tally: Tally): Promise<void> {
  let next = 0;
  const keyOf = new Map<unknown, string>();
  const options: autocannon.Options = {
    url: baseUrl,
    connections: clients.length,
    duration: durationS,
    setupClient: (client) => {
      const { token, call, key } = clients[next++ % clients.length]!;
      keyOf.set(client, key);
      const headers: Record<string, string> = call.body === undefined ? { token } : { token, 'content-type': 'application/json' };
      client.setRequests([{ method: call.method, path: call.path, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) }]);
    },
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, done: autocannon.Result) => (error ? reject(error) : resolve(done)));
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const figures = figuresOf(tally, keyOf.get(client) ?? 'unknown');
      figures.latencies.push(responseTime);
      if (statusCode !== 200) figures.failures += 1;
    });
  });
  figuresOf(tally, 'errors').failures += result.errors + result.timeouts;
}

const READ: Call = { method: 'GET', path: '/api/cart' };
/** A block's kind: the automatic promotion off or running; or off while half the shoppers enter their code again and again. */
type Block = 'off' | 'automatic' | 'apply';
const BLOCKS: Block[] = ['off', 'automatic', 'apply'];
/** What each figure measures, in the order printed; `base` is the one the others' p95 is compared with. */
const ROWS: [key: string, label: string][] = [
  ['plain', 'GET /api/cart, no promotion'],
  ['code', 'GET /api/cart, code entered'],
  ['automatic', 'GET /api/cart, automatic running'],
  ['code+automatic', 'GET /api/cart, code + automatic'],
  ['apply', 'POST /api/cart/promo (same code)'],
  ['patch', 'PATCH /api/cart, no promotion'],
];

/**
 * The cart part. The shoppers are two halves, one holding the code, measured side by side in the
 * same blocks, so a busy moment of the host falls on both; the halves swap every cycle. Blocks
 * of `BLOCK_S` seconds alternate the automatic promotion off, running, and off while the code's
 * half enters its code again (the other half setting a line's quantity), so the states' figures
 * come from the same minutes.
 */
async function cartPart(baseUrl: string, setup: Setup): Promise<void> {
  const code = `BENCH-${randomBytes(3).toString('hex').toUpperCase()}`;
  await createPromotion(baseUrl, setup.staffHeaders, { name: { en: 'Bench code', ar: 'رمز تجريبي' }, code, kind: 'percent', value: 10, departments: [DEPARTMENT], active: true });
  const automaticId = await createPromotion(baseUrl, setup.staffHeaders, {
    name: { en: 'Bench automatic', ar: 'تلقائي تجريبي' },
    code: null,
    kind: 'percent',
    value: 5,
    departments: [DEPARTMENT],
    active: false,
  });
  const shoppers = await makeShoppers(baseUrl, SHOPPERS, false);
  const tokens = shoppers.map((shopper) => shopper.token);
  for (const [n, token] of tokens.entries()) {
    const lines = [setup.inDepartment[(2 * n) % setup.inDepartment.length]!, setup.inDepartment[(2 * n + 1) % setup.inDepartment.length]!, setup.elsewhere[n % setup.elsewhere.length]!];
    for (const id of lines) await expectStatus(send(`${baseUrl}/api/cart/${id}`, 'POST', { quantity: 1 + (n % 3) }, { token }), 200, 'add to cart');
  }
  const half = Math.floor(tokens.length / 2);
  /** A write answering the cart without a promotion, to weigh entering a code against: a line's quantity set to what it is. */
  const sameQuantity = tokens.map((_, n): Call => ({ method: 'PATCH', path: '/api/cart', body: { productId: setup.inDepartment[(2 * n) % setup.inDepartment.length]!, quantity: 1 + (n % 3) } }));

  /** The code in the carts of half `withCode` (0 or 1) and out of the other's. */
  const holdCode = async (withCode: number) => {
    for (const [n, token] of tokens.entries()) {
      if ((n < half ? 0 : 1) === withCode) await expectStatus(send(`${baseUrl}/api/cart/promo`, 'POST', { code }, { token }), 200, 'enter the code');
      else await expectStatus(send(`${baseUrl}/api/cart/promo`, 'DELETE', undefined, { token }), 200, 'remove the code');
    }
  };
  const switchAutomatic = async (active: boolean) =>
    expectStatus(send(`${baseUrl}/api/admin/promotions/${automaticId}`, 'PATCH', { active }, setup.staffHeaders), 200, 'switch the automatic promotion');
  /** What each shopper does in a block of kind `block`, the code in half `withCode`'s carts. */
  const clientsOf = (block: Block, withCode: number): Client[] =>
    tokens.map((token, n) => {
      const hasCode = (n < half ? 0 : 1) === withCode;
      if (block === 'apply') return hasCode ? { token, call: { method: 'POST', path: '/api/cart/promo', body: { code } }, key: 'apply' } : { token, call: sameQuantity[n]!, key: 'patch' };
      const running = block === 'automatic';
      return { token, call: READ, key: hasCode ? (running ? 'code+automatic' : 'code') : running ? 'automatic' : 'plain' };
    });

  // Checked once: each half's cart answers with the promotion its state should give.
  for (const active of [false, true]) {
    await switchAutomatic(active);
    await holdCode(0);
    const read = async (token: string) => CartResponseSchema.parse(await expectStatus(send(`${baseUrl}/api/cart`, 'GET', undefined, { token }), 200, 'read the cart')).data;
    const [withCode, without] = await Promise.all([read(tokens[0]!), read(tokens[tokens.length - 1]!)]);
    const wanted = active ? 'automatic' : null;
    if (withCode.promotion?.code !== code || !(withCode.discount > 0)) throw new Error(`a cart with the code has promotion ${JSON.stringify(withCode.promotion)}`);
    if ((without.promotion === null ? null : (without.promotion.code ?? 'automatic')) !== wanted) throw new Error(`a cart without the code has promotion ${JSON.stringify(without.promotion)}`);
  }
  await switchAutomatic(false);
  await flatOut(baseUrl, clientsOf('off', 0), 2, new Map()); // warm-up: connections, plans
  await flatOut(baseUrl, clientsOf('automatic', 0), 2, new Map());

  for (const [mode, cycles, blockS] of [
    ['paced', CYCLES, BLOCK_S],
    ['flat out', FLAT_CYCLES, FLAT_BLOCK_S],
  ] as const) {
    const tally: Tally = new Map();
    const started = performance.now();
    for (let cycle = 0; cycle < cycles; cycle += 1) {
      const withCode = cycle % 2;
      await holdCode(withCode);
      for (const block of BLOCKS) {
        await switchAutomatic(block === 'automatic');
        if (mode === 'paced') await paced(baseUrl, clientsOf(block, withCode), blockS, PACE, tally);
        else await flatOut(baseUrl, clientsOf(block, withCode), blockS, tally);
      }
    }
    await switchAutomatic(false);
    const seconds = (performance.now() - started) / 1000;
    const title = mode === 'paced' ? `paced, ${PACE}/s each on average` : 'flat out, one connection each';
    console.log(`    ${title}: ${cycles} cycles of 3 blocks of ${blockS} s (${seconds.toFixed(0)} s)`);
    const base = percentile(figuresOf(tally, 'plain').latencies.sort((a, b) => a - b), 95);
    for (const [key, label] of ROWS) {
      const { latencies, failures } = figuresOf(tally, key);
      latencies.sort((a, b) => a - b);
      const delta = percentile(latencies, 95) - base;
      const deltaText = key === 'plain' ? '' : `Δp95 ${(delta >= 0 ? '+' : '') + delta.toFixed(1)} ms`;
      console.log(`      ${label.padEnd(34, '.')} ${describe(latencies)}   ${deltaText.padEnd(15)} n ${String(latencies.length).padStart(5)}   failures ${failures}`);
    }
    const errors = tally.get('errors')?.failures ?? 0;
    if (errors > 0) console.log(`      connection errors and timeouts: ${errors}`);
  }
}

async function orderPart(baseUrl: string, setup: Setup): Promise<void> {
  const code = `CAPPED-${randomBytes(3).toString('hex').toUpperCase()}`;
  const promotionId = await createPromotion(baseUrl, setup.staffHeaders, {
    name: { en: 'Bench capped code', ar: 'رمز محدود تجريبي' },
    code,
    kind: 'percent',
    value: 10,
    departments: [DEPARTMENT],
    usageLimit: USAGE_LIMIT,
    active: true,
  });
  const started = performance.now();
  const shoppers = await makeShoppers(baseUrl, ORDER_SHOPPERS, true);
  for (let start = 0; start < shoppers.length; start += 10) {
    await Promise.all(
      shoppers.slice(start, start + 10).map(async ({ token }, i) => {
        const product = setup.inDepartment[(start + i) % setup.inDepartment.length]!;
        await expectStatus(send(`${baseUrl}/api/cart/${product}`, 'POST', { quantity: 1 }, { token }), 200, 'add to cart');
        await expectStatus(send(`${baseUrl}/api/cart/promo`, 'POST', { code }, { token }), 200, 'enter the code');
      }),
    );
  }
  console.log(`    ${shoppers.length} shoppers with an address and the code in their cart, in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const pick = () => setup.inDepartment[Math.floor(Math.random() * setup.inDepartment.length)]!;
  const statuses = new Map<number, number>();
  let discounted = 0;
  const order = async (shopper: Shopper): Promise<number> => {
    const first = pick();
    let second = pick();
    while (second === first) second = pick();
    const start = performance.now();
    const res = await send(
      `${baseUrl}/api/orders`,
      'POST',
      {
        items: [
          { _id: first, quantity: 1 },
          { _id: second, quantity: 1 },
        ],
        shippingAddress: { _id: shopper.addressId },
      },
      { token: shopper.token, 'idempotency-key': randomUUID() },
    );
    const body: unknown = await res.json();
    const ms = performance.now() - start;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status === 201 && PlaceOrderResponseSchema.parse(body).data.promotion?.code === code) discounted += 1;
    return ms;
  };
  for (const shopper of shoppers.slice(0, ORDER_WARM_UP)) await order(shopper);
  statuses.clear();
  discounted = 0;

  const latencies: number[] = [];
  const running: Promise<void>[] = [];
  const gapMs = 1000 / ORDER_RATE;
  const count = Math.round(ORDER_RATE * ORDER_DURATION_S);
  const begin = performance.now();
  let late = 0;
  for (let n = 0; n < count; n += 1) {
    const due = begin + n * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -gapMs) late += 1;
    const shopper = shoppers[ORDER_WARM_UP + (n % (shoppers.length - ORDER_WARM_UP))]!;
    running.push(order(shopper).then((ms) => void latencies.push(ms)));
  }
  const sentS = (performance.now() - begin) / 1000;
  await Promise.all(running);
  latencies.sort((a, b) => a - b);
  const uses = PromotionResponseSchema.parse(await expectStatus(send(`${baseUrl}/api/admin/promotions/${promotionId}`, 'GET', undefined, setup.staffHeaders), 200, 'read the promotion'))
    .data.uses;
  const answered = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status} × ${n}`);
  console.log(
    `    POST /api/orders, capped code ... ${describe(latencies)}   ${(count / sentS).toFixed(1)} orders/s sent (${late} more than a gap late)   answers ${answered.join(', ')}; with the code ${discounted}; the promotion's uses ${uses}`,
  );
}

async function bench(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  const setup = await setUp(env);
  const server = await startServer(env);
  try {
    console.log(`  ${label}`);
    await cartPart(server.url, setup);
    await orderPart(server.url, setup);
  } finally {
    await server.stop();
  }
}

console.log(
  `\nPromotions: ${SHOPPERS} signed-in shoppers reading carts of 3 lines without a promotion, with a code, with an automatic one, and entering the code; then Place Order with a capped code at ${ORDER_RATE} orders/s for ${ORDER_DURATION_S} s; one server process:`,
);
const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-promotions-'));
try {
  if (process.env.BENCH_PROMO_SKIP_EMBEDDED !== '1') await bench('embedded PostgreSQL (PGlite)', { DATA_DIR: tmp, DATABASE_URL: '', REDIS_URL: '' });
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
