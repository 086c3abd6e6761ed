// The back office's order list at 100 000 orders (issue #21's budget: p95 ≤ 100 ms with a filter
// and with a search), on a fresh database of the PostgreSQL server (DATABASE_URL; dropped
// afterwards). Run: `DATABASE_URL=postgres://… npx tsx bench/admin-orders.ts` from apps/api.
// The demo catalog, 20 000 shoppers and 100 000 orders of one to three lines spread over a year,
// in every status, written by SQL (generate_series), VACUUM ANALYZEd; the service called
// directly (no HTTP) after a warm-up, as the admin products' list bench does.
import { randomBytes } from 'node:crypto';

import { AdminOrderListQuerySchema } from '@dukkan/contracts/admin-orders';
import { sql } from 'drizzle-orm';

import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { orders, users } from '../src/db/schema';
import { listAdminOrders } from '../src/modules/admin/orders/service';
import { buildDemoCatalog } from '../src/seed/demo-catalog';
import { loadCatalogOnce } from '../src/seed/load-catalog';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 100_000);
const SHOPPERS = Number(process.env.BENCH_ADMIN_SHOPPERS ?? 20_000);
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 100);
const WARM_UP = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;
}

async function load(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await handle.migrate();
  await loadCatalogOnce(db, buildDemoCatalog);
  await db.execute(sql`
    insert into users (name, email, password_hash, created_at)
    select (array['Sara','Omar','Laila','Youssef','Mona','Karim','Nour','Hassan'])[1 + i % 8] || ' ' || (array['Ali','Haddad','Mansour','Farouk','Saleh','Nasser'])[1 + (i / 8) % 6] || ' ' || i,
           'shopper' || i || '@example' || (i % 50) || '.com', 'x', now() - make_interval(days => i % 365)
    from generate_series(1, ${SHOPPERS}) as i`);
  await db.execute(sql`
    create temporary table bench_products as
    select row_number() over (order by id) as n, id, price_cents from products`);
  await db.execute(sql`
    create temporary table bench_users as
    select row_number() over (order by id) as n, id from users`);
  const statuses = sql`(array['Waiting for Supplier','Processing','Shipped','Delivered','Cancelled'])`;
  await db.execute(sql`
    insert into orders (user_id, status, payment_status, amount_cents, refunded_cents, shipping_address, created_at, updated_at, pay_by, paid_at)
    select u.id,
           case when i % 10 = 0 then 'Cancelled' else ${statuses}[1 + i % 4] end,
           case when i % 10 = 0 then 'Expired' when i % 17 = 0 then 'Partially refunded' when i % 29 = 0 then 'Pending' else 'Paid' end,
           1000 + (i * 37) % 50000,
           case when i % 17 = 0 and i % 10 <> 0 then 500 else 0 end,
           '{"fullName":"Bench Shopper","phoneNumber":"0100","country":"Egypt","city":"Cairo","area":"","street":"Bench Street","building":"","floor":"1","apartment":"1","zipCode":"11511","extraDetails":""}'::jsonb,
           now() - make_interval(mins => i * 5),
           now() - make_interval(mins => i * 5),
           now() - make_interval(mins => i * 5 - 30),
           case when i % 10 = 0 or i % 29 = 0 then null else now() - make_interval(mins => i * 5 - 2) end
    from generate_series(1, ${ORDERS}) as i
    join bench_users u on u.n = 1 + (i * 7919) % ${SHOPPERS}`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, position, quantity, price_cents)
    select o.id, p.id, k, 1 + k, p.price_cents
    from (select id, row_number() over (order by id) as n from orders) o
    cross join generate_series(0, 2) as k
    join bench_products p on p.n = 1 + (o.n * 31 + k * 101) % (select count(*) from bench_products)
    where k <= o.n % 3`);
  await db.execute(sql`vacuum analyze`);
}

async function bench(label: string, handle: DatabaseHandle): Promise<void> {
  try {
    const started = performance.now();
    await load(handle);
    const [count] = await handle.db.select({ n: sql<number>`count(*)::integer` }).from(orders);
    console.log(`\n${label}: ${count?.n} orders of ${SHOPPERS} shoppers loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const [someone] = await handle.db.select({ id: orders.id }).from(orders).limit(1).offset(Math.floor(ORDERS / 2));
    const [shopper] = await handle.db.select({ email: users.email }).from(users).limit(1).offset(Math.floor(SHOPPERS / 3));
    const month = new Date(Date.now() - 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const monthEnd = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const cases: [string, Record<string, string>][] = [
      ['first page, newest first', {}],
      ['status Processing', { status: 'Processing' }],
      ['payment Partially refunded', { paymentStatus: 'Partially refunded' }],
      ['status Shipped + a month', { status: 'Shipped', from: month, to: monthEnd }],
      ['by amount, largest first', { sort: '-amount' }],
      ['search a whole email', { q: shopper?.email ?? '' }],
      ['search part of an email "pper123"', { q: 'pper123' }],
      ['search a name "laila mansour"', { q: 'laila mansour' }],
      ['search + payment Paid', { q: 'youssef', paymentStatus: 'Paid' }],
      ['search an order id', { q: someone?.id ?? '' }],
      ['search an id prefix (8)', { q: someone?.id.slice(0, 8) ?? '' }],
      ['page 200 of 25', { page: '200' }],
    ];
    for (const [name, raw] of cases) {
      const query = AdminOrderListQuerySchema.parse(raw);
      for (let i = 0; i < WARM_UP; i++) await listAdminOrders(handle.db, query);
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        total = (await listAdminOrders(handle.db, query)).total;
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(38)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(samples, 0.95).toFixed(1).padStart(6)} ms  (${total} found)`,
      );
    }
  } finally {
    await handle.close();
  }
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('The admin order list bench runs on the PostgreSQL server: set DATABASE_URL.');
} else {
  const name = `dukkan_bench_orders_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
  try {
    await bench('PostgreSQL server (DATABASE_URL)', await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) }));
  } finally {
    await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  }
}
