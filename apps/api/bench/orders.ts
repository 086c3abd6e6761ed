// `npm run bench`, part 5: placing orders (checkout issue).
//  - Place Order: what the checkout's button does — `POST /api/orders` then
//    `POST /api/stripe/create-checkout-session` — by 150 signed-in shoppers (so that none reaches
//    the limit of 3 unpaid orders), `BENCH_ORDER_RATE` orders a second in all (default 20) with
//    random (exponential) gaps, each order two products
//    of the catalog, against one built server process; on the embedded database and, when
//    DATABASE_URL is set, on a fresh database on that server (dropped afterwards). Budget: p95
//    under 150 ms for the pair on the PostgreSQL server.
//  - The oversell race (PostgreSQL server only): a product with its last 10 units, and 500
//    orders of one unit each sent at once, half to each of two server processes sharing the
//    database. Prints the orders accepted (must be 10), the final stock (must be 0) and the time.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { PlaceOrderResponseSchema } from '@dukkan/contracts/orders';
import pg from 'pg';

import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

import { startServer } from './server';
import { makeShoppers, productsInStock, type BenchShopper } from './shoppers';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const RATE = Number(process.env.BENCH_ORDER_RATE ?? 20);
// A shopper may have at most 3 orders waiting for payment (decision 0031), and the bench pays
// none: enough shoppers that none takes a 4th, the warm-up's one included, with room for bursts.
const SHOPPERS = Math.max(40, Math.ceil((RATE * DURATION_S * 1.5) / 2));
const RACE_ORDERS = 500;
const RACE_STOCK = 10;

type Shopper = BenchShopper;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function send(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** One Place Order: the order, then its card page. Answers the order's status and the session's. */
async function placeOrder(baseUrl: string, shopper: Shopper, items: { _id: string; quantity: number }[]): Promise<[number, number]> {
  const headers = { token: shopper.token, 'idempotency-key': randomUUID() };
  const placed = await send(`${baseUrl}/api/orders`, 'POST', { userId: shopper.id, items, shippingAddress: { _id: shopper.addressId } }, headers);
  if (placed.status !== 201) {
    await placed.arrayBuffer();
    return [placed.status, 0];
  }
  const order = PlaceOrderResponseSchema.parse(await placed.json()).data;
  const session = await send(`${baseUrl}/api/stripe/create-checkout-session`, 'POST', { order, userId: shopper.id }, { token: shopper.token });
  await session.arrayBuffer();
  return [placed.status, session.status];
}

async function placeOrderRun(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  const server = await startServer(env);
  try {
    const shoppers = await makeShoppers(server.url, SHOPPERS, 'order');
    const productIds = await productsInStock(server.url);
    const pick = () => productIds[Math.floor(Math.random() * productIds.length)]!;
    const order = (shopper: Shopper) => {
      const first = pick();
      let second = pick();
      while (second === first) second = pick();
      return placeOrder(server.url, shopper, [
        { _id: first, quantity: 1 },
        { _id: second, quantity: 1 },
      ]);
    };
    for (const shopper of shoppers.slice(0, 10)) await order(shopper); // warm-up

    const latencies: number[] = [];
    let failures = 0;
    const running: Promise<void>[] = [];
    const end = performance.now() + DURATION_S * 1000;
    for (let n = 0; ; n += 1) {
      await sleep((-Math.log(1 - Math.random()) * 1000) / RATE);
      if (performance.now() >= end) break;
      const shopper = shoppers[n % shoppers.length]!;
      running.push(
        (async () => {
          const start = performance.now();
          const [placed, session] = await order(shopper);
          latencies.push(performance.now() - start);
          if (placed !== 201 || session !== 200) failures += 1;
        })(),
      );
    }
    await Promise.all(running);
    latencies.sort((a, b) => a - b);
    console.log(`  ${label}`);
    console.log(
      `    Place Order (order + card page) ... p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)} ms   ${(latencies.length / DURATION_S).toFixed(1)} orders/s   failures ${failures}`,
    );
  } finally {
    await server.stop();
  }
}

async function oversellRace(url: string): Promise<void> {
  const servers = await Promise.all([startServer({ DATABASE_URL: url, REDIS_URL: '' }), startServer({ DATABASE_URL: url, REDIS_URL: '' })]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const shoppers = await makeShoppers(servers[0].url, 50, 'order');
    const [product] = await productsInStock(servers[0].url);
    if (!product) throw new Error('no product in stock');
    await client.query('update products set quantity = $1 where id = $2', [RACE_STOCK, product]);
    const start = performance.now();
    const answers = await Promise.all(
      Array.from({ length: RACE_ORDERS }, (_, i) => {
        const server = servers[i % 2]!;
        const shopper = shoppers[i % shoppers.length]!;
        const headers = { token: shopper.token, 'idempotency-key': randomUUID() };
        return send(`${server.url}/api/orders`, 'POST', { items: [{ _id: product, quantity: 1 }], shippingAddress: { _id: shopper.addressId } }, headers).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
        );
      }),
    );
    const ms = performance.now() - start;
    const { rows } = await client.query<{ quantity: number }>('select quantity from products where id = $1', [product]);
    const accepted = answers.filter((status) => status === 201).length;
    const refused = answers.filter((status) => status === 409).length;
    console.log(`  oversell race: ${RACE_ORDERS} orders at once for the last ${RACE_STOCK} units, two server processes, PostgreSQL server`);
    console.log(`    accepted ${accepted}, refused (409) ${refused}, other ${RACE_ORDERS - accepted - refused}; final stock ${rows[0]?.quantity}; ${ms.toFixed(0)} ms`);
  } finally {
    await client.end();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

console.log(`\nOrders: Place Order by ${SHOPPERS} signed-in shoppers, ${RATE} orders/s on average, ${DURATION_S} s, one server process:`);
const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-orders-'));
try {
  await placeOrderRun('embedded PostgreSQL (PGlite)', { DATA_DIR: tmp, DATABASE_URL: '', REDIS_URL: '' });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    for (const run of [(url: string) => placeOrderRun('PostgreSQL server (DATABASE_URL)', { DATABASE_URL: url, REDIS_URL: '' }), oversellRace]) {
      const name = `dukkan_bench_${randomBytes(4).toString('hex')}`;
      await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
      try {
        await run(databaseUrl(serverUrl, name));
      } finally {
        await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
      }
    }
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
