// The dashboard's figures at 100 000 orders (issue #21's budget: stats over 90 days ≤ 500 ms on
// the PostgreSQL server). On a fresh database of the server in DATABASE_URL (dropped afterwards),
// and on the embedded database too with BENCH_STATS_PGLITE=1. Run: `npx tsx bench/stats.ts` from
// apps/api. The demo catalog, 2 000 shoppers and BENCH_STATS_ORDERS orders (default 100 000)
// spread over the last 180 days — most paid, some refunded in part or in full, a few unpaid —
// written by SQL (generate_series), VACUUM ANALYZEd; then `shopStats` is called directly (no
// HTTP), after a warm-up, and p50 / p95 printed.
import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';

import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { shopStats } from '../src/modules/admin/stats/service';
import { buildDemoCatalog } from '../src/seed/demo-catalog';
import { loadCatalogOnce } from '../src/seed/load-catalog';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

const ORDERS = Number(process.env.BENCH_STATS_ORDERS ?? 100_000);
const SHOPPERS = 2_000;
const SAMPLES = Number(process.env.BENCH_STATS_SAMPLES ?? 50);
const WARM_UP = 5;
const LOW_STOCK_THRESHOLD = 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;
}

const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Shoppers, orders with 1–3 lines, and the refunds of the refunded ones, all in SQL. */
async function seed(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await db.execute(sql`insert into users (name, email, password_hash)
    select 'Bench Shopper ' || g, 'bench-stats-' || g || '@example.com', 'not-a-hash' from generate_series(1, ${SHOPPERS}) as g`);
  // Per order: a shopper, a placing time in the last 180 days, and a fate: 85% paid (of which
  // 5% refunded in part and 3% in full), 0.1% still waiting for payment, the rest expired.
  await db.execute(sql`
    with shoppers as (select id, row_number() over (order by id) as n from users where email like 'bench-stats-%'),
    drawn as (
      select g, random() as fate, now() - random() * interval '180 days' as placed, 500 + floor(random() * 49500)::int as amount
      from generate_series(1, ${ORDERS}) as g
    )
    insert into orders (user_id, status, payment_status, amount_cents, refunded_cents, shipping_address, lng, created_at, updated_at, pay_by, paid_at)
    select s.id,
      case when d.fate < 0.85 then 'Processing' when d.fate < 0.851 then 'Waiting for Supplier' else 'Cancelled' end,
      case when d.fate < 0.04 then 'Partially refunded' when d.fate < 0.064 then 'Refunded' when d.fate < 0.85 then 'Paid'
           when d.fate < 0.851 then 'Pending' else 'Expired' end,
      d.amount,
      case when d.fate < 0.04 then d.amount / 4 when d.fate < 0.064 then d.amount else 0 end,
      '{"fullName":"Bench Shopper","phoneNumber":"0","country":"Egypt","city":"Cairo","area":"","street":"x","building":"","floor":"1","apartment":"1","zipCode":"1","extraDetails":""}'::jsonb,
      case when d.g % 3 = 0 then 'ar' else 'en' end,
      case when d.fate >= 0.85 and d.fate < 0.851 then now() - interval '5 minutes' else d.placed end,
      d.placed,
      case when d.fate >= 0.85 and d.fate < 0.851 then now() + random() * interval '25 minutes' else d.placed + interval '30 minutes' end,
      case when d.fate < 0.85 then d.placed + random() * interval '20 minutes' end
    from drawn d join shoppers s on s.n = 1 + d.g % ${SHOPPERS}`);
  await db.execute(sql`
    with catalog as (select id, price_cents, row_number() over (order by id) - 1 as n, count(*) over () as total from products),
    numbered as (select id, row_number() over (order by id) as n, 1 + (hashtext(id::text) & 3) % 3 as lines from orders)
    insert into order_items (order_id, product_id, position, quantity, price_cents)
    select o.id, c.id, k, 1 + (o.n + k) % 3, c.price_cents
    from numbered o cross join generate_series(0, 2) as k
    join catalog c on c.n = (o.n * 7 + k * 37) % c.total
    where k < o.lines`);
  await db.execute(sql`
    insert into refunds (order_id, amount_cents, currency, reason, restock, status, provider, created_at)
    select id, refunded_cents, currency, 'bench', false, 'succeeded', 'sandbox', paid_at + interval '1 day'
    from orders where refunded_cents > 0`);
  await db.execute(sql`update products set quantity = (position % 9) where position % 11 = 0`);
  await db.execute(sql`vacuum analyze`);
}

async function bench(label: string, handle: DatabaseHandle): Promise<void> {
  try {
    const started = performance.now();
    await handle.migrate();
    await loadCatalogOnce(handle.db, buildDemoCatalog);
    await seed(handle);
    console.log(`\n${label}: ${ORDERS} orders loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const cases: [string, { from?: string; to?: string }][] = [
      ['90 days', { from: dayOf(89), to: dayOf(0) }],
      ['30 days (the default)', {}],
      ['7 days', { from: dayOf(6), to: dayOf(0) }],
      ['366 days', { from: dayOf(365), to: dayOf(0) }],
    ];
    for (const [name, query] of cases) {
      for (let i = 0; i < WARM_UP; i++) await shopStats(handle.db, query, LOW_STOCK_THRESHOLD, { customerData: true });
      const samples: number[] = [];
      let paid = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        const figures = await shopStats(handle.db, query, LOW_STOCK_THRESHOLD, { customerData: true });
        samples.push(performance.now() - t0);
        paid = figures.totals.paidOrders;
      }
      samples.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(24)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(samples, 0.95).toFixed(1).padStart(6)} ms  (${paid} paid orders in the range)`,
      );
    }
  } finally {
    await handle.close();
  }
}

if (process.env.BENCH_STATS_PGLITE === '1') await bench('embedded PostgreSQL (PGlite, in memory)', await openDatabase({ kind: 'pglite' }));
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  if (process.env.BENCH_STATS_PGLITE !== '1') console.log('Set DATABASE_URL (the budget is the server’s), or BENCH_STATS_PGLITE=1 for the embedded database.');
} else {
  const name = `dukkan_bench_stats_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
  try {
    await bench('PostgreSQL server (DATABASE_URL)', await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) }));
  } finally {
    await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  }
}
