// `npm run bench` (issue #36): what reviews cost the pages shoppers read most. On a fresh database
// of the PostgreSQL server (DATABASE_URL; dropped afterwards) with the demo catalog and
// BENCH_REVIEW_PRODUCTS (100 000) synthetic products, the built server in a process of its own:
//  1. without reviews: uncached product pages (`GET /details/{id}`, rendered on the server) at
//     20 a second (Poisson) for 15 s, and department lists (`GET /api/product/category/{name}`,
//     a different sort and page each time, so none comes from the answer cache) at 50 a second;
//  2. then with reviews: 100 approved reviews on one product (its page is every 10th asked for)
//     and 3 on each of the 100 000 synthetic products, the figures recomputed as moderation does;
//  3. without changing anything, the same again (the host's own drift between runs).
// Budget: each p95 with reviews within 10 % of the one without. Without DATABASE_URL it says so
// and measures nothing: the embedded database is one process's, which the bench cannot write to
// beside the server.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import { ProductPageResponseSchema } from '@dukkan/contracts/catalog';
import { sql } from 'drizzle-orm';

import { openDatabase, rowsOf } from '../src/db/client';
import { bumpCatalogVersion } from '../src/lib/catalog-version';
import { recomputeRatings } from '../src/modules/reviews/ratings';
import { insertProducts } from '../src/seed/load-catalog';
import { generateSyntheticProducts } from '../src/seed/synthetic';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

import { startServer } from './server';

const PRODUCTS = Number(process.env.BENCH_REVIEW_PRODUCTS ?? 100_000);
const PAGES_RATE = 20;
const LISTS_RATE = 50;
const SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const BUDGET = 0.1;
const HEADERS = { accept: 'text/html', 'accept-encoding': 'identity' };
const UNRENDERED = '<!--app-html-->';
const SORTS = ['featured', 'price_asc', 'price_desc', 'newest', 'rating'];

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Tally {
  times: number[];
  errors: number;
}

/** Requests arriving at random (Poisson) at `rate` a second for `SECONDS`, whatever the answers do. */
async function paced(rate: number, nextUrl: (n: number) => string, good: (res: Response, body: string) => boolean): Promise<Tally> {
  const tally: Tally = { times: [], errors: 0 };
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let n = 0;
  for (let due = started; due < started + SECONDS * 1000; due += (-Math.log(1 - Math.random()) * 1000) / rate) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const url = nextUrl(n++);
    pending.push(
      (async () => {
        const sent = performance.now();
        try {
          const res = await fetch(url, { headers: HEADERS });
          const body = await res.text();
          if (good(res, body)) tally.times.push(performance.now() - sent);
          else tally.errors += 1;
        } catch {
          tally.errors += 1;
        }
      })(),
    );
  }
  await Promise.all(pending);
  tally.times.sort((a, b) => a - b);
  return tally;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('\nReviews (issue #36): set DATABASE_URL to measure (the PostgreSQL server); skipped.');
    return;
  }
  const name = `dukkan_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
  const url = databaseUrl(serverUrl, name);
  const server = await startServer({ LOG_LEVEL: 'error', REDIS_URL: '', DATABASE_URL: url });
  const handle = await openDatabase({ kind: 'postgres', url });
  const { db } = handle;
  try {
    console.log(`\nReviews and the pages shoppers read (issue #36): PostgreSQL server, demo catalog + ${PRODUCTS} synthetic products`);
    console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start)`);
    const loadStarted = performance.now();
    await db.transaction((tx) => insertProducts(tx, generateSyntheticProducts(PRODUCTS, 36), 3_000_000));
    await bumpCatalogVersion(db);
    await db.execute(sql`analyze products`);
    console.log(`loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);

    const listed = ProductPageResponseSchema.parse(await (await fetch(`${server.url}/api/product?pageSize=100`)).json()).data;
    const hot = listed[0]!._id;
    const ids = rowsOf<{ id: string }>(await db.execute(sql`select id::text from products where status = 'published' order by random() limit 2000`)).map((r) => r.id);
    const departments = rowsOf<{ slug: string }>(await db.execute(sql`select slug from categories order by position`)).map((r) => r.slug);
    let run = 0;
    const pageUrl = (n: number) => `${server.url}/details/${n % 10 === 0 ? hot : ids[n % ids.length]!}?v=${run}-${n}`;
    const listUrl = (n: number) =>
      `${server.url}/api/product/category/${encodeURIComponent(departments[n % departments.length]!)}?sort=${SORTS[Math.floor(n / departments.length) % SORTS.length]!}&page=${1 + Math.floor(n / (departments.length * SORTS.length))}&v=${run}`;
    const page = (res: Response, body: string) => res.status === 200 && !body.includes(UNRENDERED);
    const list = (res: Response) => res.status === 200;

    const measure = async (label: string) => {
      run += 1;
      // Warm-up: plans, caches and the aisles kept in memory after the catalog moved.
      await paced(LISTS_RATE, listUrl, list);
      run += 1;
      const pages = await paced(PAGES_RATE, pageUrl, page);
      const lists = await paced(LISTS_RATE, listUrl, list);
      const p95 = { pages: percentile(pages.times, 95), lists: percentile(lists.times, 95) };
      console.log(`${label.padEnd(34)}  product page p95 ${p95.pages.toFixed(1).padStart(6)} ms (${pages.times.length} rendered, ${pages.errors} other)   department list p95 ${p95.lists.toFixed(1).padStart(6)} ms (${lists.times.length}, ${lists.errors} errors)`);
      return p95;
    };

    const before = await measure('1. no reviews');
    const writeStarted = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with reviewer as (
          insert into users (name, email, password_hash)
          select 'Bench Reviewer ' || n, 'bench-reviewer-' || n || '@example.com', 'bench: cannot sign in' from generate_series(1, 100) n
          returning id
        ), on_hot as (
          insert into reviews (product_id, user_id, rating, title, body, language, status, moderated_at)
          select ${hot}::uuid, r.id, 1 + abs(hashtext(r.id::text)) % 5, 'A review of the product', repeat('What I thought of it. ', 20),
            case when abs(hashtext(r.id::text)) % 3 = 0 then 'ar' else 'en' end, 'approved', now()
          from reviewer r
        )
        insert into reviews (product_id, user_id, rating, title, body, language, status, moderated_at)
        select p.id, r.id, 1 + abs(hashtext(p.id::text || r.id::text)) % 5, 'Short review', 'Fine.', 'en', 'approved', now()
        from products p cross join (select id from reviewer order by id limit 3) r
        where p.slug like 'syn-%'`);
      await recomputeRatings(tx, 'all');
    });
    await db.execute(sql`analyze reviews`);
    await db.execute(sql`analyze products`);
    const reviewCount = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from reviews`))[0]!.n;
    console.log(`wrote ${reviewCount} approved reviews and recomputed every product in ${((performance.now() - writeStarted) / 1000).toFixed(0)} s`);
    // Every process hears of the catalog's move within its 2 s poll.
    await sleep(3_000);
    const after = await measure('2. with reviews');
    const again = await measure('3. with reviews, unchanged (drift)');
    const delta = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)} %`;
    const within = (a: number, b: number) => b <= a * (1 + BUDGET);
    console.log(
      `product page p95: ${delta(before.pages, after.pages)} with reviews (${delta(after.pages, again.pages)} between two runs with reviews) — budget +10 %: ${within(before.pages, after.pages) ? 'met' : 'NOT met'}`,
    );
    console.log(
      `department list p95: ${delta(before.lists, after.lists)} with reviews (${delta(after.lists, again.lists)} between two runs with reviews) — budget +10 %: ${within(before.lists, after.lists) ? 'met' : 'NOT met'}`,
    );
  } finally {
    await handle.close();
    await server.stop();
    await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  }
}

await main();
