// `npm run bench`, the fleet's throughput curve (issue #37, decision 0061): 1, 2 and 3 API
// processes behind HAProxy and PgBouncer (`npm run fleet`), each on a fresh database of the
// PostgreSQL server (DATABASE_URL; skipped, saying so, without it or without haproxy/pgbouncer).
// For each size:
//  - catalog: GET /api/product/category/Grocery by 32 connections in a closed loop for
//    BENCH_DURATION (10) s after a 3 s warm-up: requests/s and p95;
//  - checkout: 40 signed-in shoppers in a closed loop, each checkout the whole of it — Place Order
//    (`POST /api/orders`), the card page's session, the card page, Pay (sandbox) — for
//    BENCH_DURATION s: orders/s (paid) and p95 of the four together;
// and the ratio of each to one process. The load comes from this process, on the same host: on a
// 2-core host the client, HAProxy, PgBouncer, PostgreSQL and the API processes share two cores,
// and more processes cannot add cores — the curve says what the fleet costs there, not what it
// gains on a bigger host.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PlaceOrderResponseSchema } from '@dukkan/contracts/orders';

import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

import { makeShoppers, productsInStock, type BenchShopper } from './shoppers';
import { measuredFleetEnv, startFleet } from './soak/fleet';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = 3;
const CATALOG_CONNECTIONS = 32;
const SHOPPERS = 40;
const PORT = 3460;
const PGBOUNCER_PORT = 6470;
const CATALOG_PATH = '/api/product/category/Grocery';
const CARD = { name: 'Bench Shopper', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

type Shopper = BenchShopper;

interface Figures {
  perSecond: number;
  p95: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function request(url: string, init: RequestInit = {}): Promise<Response> {
  // Node's fetch keeps its connections to HAProxy alive between requests.
  return fetch(url, { ...init, redirect: 'manual' });
}

async function json(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return request(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Runs `loops` closed loops of `step` for `seconds`; answers the rate of successes and their p95. */
async function closedLoops(loops: number, seconds: number, step: (loop: number) => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (performance.now() < end) {
        const start = performance.now();
        let ok = false;
        try {
          ok = await step(loop);
        } catch {
          ok = false;
        }
        if (ok) latencies.push(performance.now() - start);
        else failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p95: percentile(latencies, 95), failures };
}

/** One whole checkout: the order, its card page's session, the card page, Pay. */
async function checkout(baseUrl: string, shopper: Shopper, productId: string): Promise<boolean> {
  const placed = await json(
    `${baseUrl}/api/orders`,
    'POST',
    { userId: shopper.id, items: [{ _id: productId, quantity: 1 }], shippingAddress: { _id: shopper.addressId } },
    { token: shopper.token, 'idempotency-key': randomUUID() },
  );
  if (placed.status !== 201) {
    await placed.arrayBuffer();
    return false;
  }
  const order = PlaceOrderResponseSchema.parse(await placed.json()).data;
  const session = await json(`${baseUrl}/api/stripe/create-checkout-session`, 'POST', { order, userId: shopper.id }, { token: shopper.token });
  if (session.status !== 200) return false;
  const { url } = (await session.json()) as { url: string };
  const page = new URL(url, baseUrl).pathname;
  const form = await request(`${baseUrl}${page}`);
  await form.arrayBuffer();
  if (form.status !== 200) return false;
  const paid = await request(`${baseUrl}${page}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(CARD).toString() });
  await paid.arrayBuffer();
  return paid.status === 303;
}

async function measure(serverUrl: string, processes: number): Promise<{ catalog: Figures; checkout: Figures }> {
  const name = `dukkan_bench_fleet_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-fleet-'));
  const fleetDir = path.join(dataDir, 'fleet');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ...measuredFleetEnv({ databaseUrl: databaseUrl(serverUrl, name), port: PORT, pgbouncerPort: PGBOUNCER_PORT, dataDir, fleetDir }),
  };
  const shop = await startFleet(processes, env, fleetDir, PORT, () => undefined);
  try {
    const base = shop.url;
    const catalogStep = async () => {
      const res = await request(`${base}${CATALOG_PATH}`);
      await res.arrayBuffer();
      return res.status === 200;
    };
    await closedLoops(CATALOG_CONNECTIONS, WARM_UP_S, catalogStep);
    const catalog = await closedLoops(CATALOG_CONNECTIONS, DURATION_S, catalogStep);

    const shoppers = await makeShoppers(base, SHOPPERS, 'fleet');
    const products = await productsInStock(base);
    if (products.length === 0) throw new Error('no product with 50 units in stock');
    const checkoutStep = (loop: number) => checkout(base, shoppers[loop]!, products[Math.floor(Math.random() * products.length)]!);
    await closedLoops(SHOPPERS, WARM_UP_S, checkoutStep);
    return { catalog, checkout: await closedLoops(SHOPPERS, DURATION_S, checkoutStep) };
  } finally {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
    await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  }
}

const serverUrl = process.env.DATABASE_URL;
const missing = ['/usr/sbin/haproxy', '/usr/sbin/pgbouncer'].filter((tool) => !existsSync(tool));
console.log(`\nThe fleet (issue #37): 1, 2 and 3 API processes behind HAProxy and PgBouncer, ${os.availableParallelism()} cores, ${DURATION_S} s each:`);
if (!serverUrl || missing.length > 0) {
  console.log(`  skipped: needs DATABASE_URL (a PostgreSQL server) and ${missing.join(', ') || 'haproxy and pgbouncer'} (apt-get install -y haproxy pgbouncer)`);
} else {
  const rows: { processes: number; catalog: Figures; checkout: Figures }[] = [];
  for (const processes of [1, 2, 3]) rows.push({ processes, ...(await measure(serverUrl, processes)) });
  const [one] = rows;
  for (const { processes, catalog, checkout: orders } of rows) {
    console.log(
      `  ${processes} process${processes === 1 ? '' : 'es'}: catalog ${catalog.perSecond.toFixed(0)} req/s p95 ${catalog.p95.toFixed(1)} ms (×${(catalog.perSecond / one!.catalog.perSecond).toFixed(2)}, failures ${catalog.failures})` +
        `   checkout ${orders.perSecond.toFixed(1)} paid orders/s p95 ${orders.p95.toFixed(0)} ms (×${(orders.perSecond / one!.checkout.perSecond).toFixed(2)}, failures ${orders.failures})`,
    );
  }
}
