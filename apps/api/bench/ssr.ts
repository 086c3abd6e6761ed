// `npm run bench`, server rendering: what a product page (`GET /details/{id}`, `Accept: text/html`)
// costs the built server in its own process, on the embedded database and, when DATABASE_URL is
// set, on a fresh database on that PostgreSQL server (dropped afterwards). The load comes from
// this process:
//  a. uncached, closed loop: 10 connections each asking for a page not yet rendered as soon as the
//     last one came, BENCH_DURATION s (default 10): pages rendered a second and their latency;
//  b. from the page cache: one URL (rendered once first) again and again, 10 connections;
//  c. uncached pages arriving at random (Poisson) at 20 a second for 15 s: p95, budget 100 ms;
//  d. the catalog API (GET /api/product/category/Grocery) at 50 a second (Poisson), alone and
//     then while (c) runs beside it: its p99.
// Every answer is checked: 200 and text/html (JSON for the catalog), else it counts as an error.
// A page the server did not render because `MAX_RENDERS_IN_FLIGHT` renders were already under
// way (apps/api/src/modules/web/routes.ts) is a 200 too, the plain index.html for the browser to
// render: it is counted apart ("to browser") and left out of the pages' latencies and rates.
// Requests ask for no compression (`accept-encoding: identity`): the figures are rendering, not
// compressing, and each body can be read to check it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { ProductPageResponseSchema } from '@dukkan/contracts/catalog';
import autocannon from 'autocannon';

import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

import { startServer } from './server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const WARM_UP_S = 3;
const PAGES_RATE = 20;
const PACED_S = 15;
const CATALOG_RATE = 50;
const BUDGET_P95_MS = 100;
const CATALOG_PATH = '/api/product/category/Grocery';
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'identity' };
/** What index.html holds where the server puts a rendered page: the page was not rendered. */
const UNRENDERED = '<!--app-html-->';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Every product's id, a page of 100 at a time. */
async function productIds(baseUrl: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${baseUrl}/api/product?page=${page}&pageSize=100`);
    const { data, total } = ProductPageResponseSchema.parse(await res.json());
    ids.push(...data.map((product) => product._id));
    if (data.length === 0 || ids.length >= total) break;
  }
  if (ids.length === 0) throw new Error('the catalog has no products');
  return ids;
}

let pageCount = 0;
/**
 * A product page no request asked for before. The demo catalog has only a few hundred products,
 * fewer than a run renders, and a page stays cached ~5 s per language + origin + URL, so each
 * path also carries `?v=<n>`: the page ignores that query, but it makes the URL, and so the page
 * cache's key, one the server has never seen, and the page is rendered again.
 */
function freshPagePath(ids: string[]): string {
  pageCount += 1;
  return `/details/${ids[pageCount % ids.length]!}?v=${pageCount}`;
}

/** A good answer (`page`), the plain index.html (`toBrowser`), or what was wrong with it. */
type Outcome = 'page' | 'toBrowser' | { error: string };

/** A page rendered on the server, the plain index.html (not rendered), or anything else. */
function classifyPage(status: number, contentType: string | undefined, body: string): Outcome {
  if (status !== 200) return { error: `status ${status}` };
  if (!contentType?.startsWith('text/html')) return { error: `content-type ${contentType ?? 'none'}` };
  return body.includes(UNRENDERED) ? 'toBrowser' : 'page';
}

function classifyCatalog(status: number, contentType: string | undefined): Outcome {
  if (status !== 200) return { error: `status ${status}` };
  return contentType?.startsWith('application/json') ? 'page' : { error: `content-type ${contentType ?? 'none'}` };
}

interface Tally {
  /** Latency (ms) of each good answer: pages rendered (or cached), or catalog lists. */
  times: number[];
  toBrowser: number;
  errors: number;
  /** How many errors of each kind. */
  reasons: Map<string, number>;
  seconds: number;
}

function newTally(): Tally {
  return { times: [], toBrowser: 0, errors: 0, reasons: new Map(), seconds: 0 };
}

function fail(tally: Tally, reason: string, times = 1): void {
  if (times <= 0) return;
  tally.errors += times;
  tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + times);
}

function count(tally: Tally, outcome: Outcome, ms: number): void {
  if (outcome === 'page') tally.times.push(ms);
  else if (outcome === 'toBrowser') tally.toBrowser += 1;
  else fail(tally, outcome.error);
}

function headerValue(headers: Record<string, string | string[] | undefined> | undefined, name: string): string | undefined {
  const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

/**
 * Closed loop (autocannon): `CONNECTIONS` connections, each sending the next request as soon as
 * the last was answered, `nextPath()` choosing each request's path. Latencies as autocannon
 * timed them (sub-millisecond), each with what its body turned out to be.
 */
async function closedLoop(baseUrl: string, seconds: number, nextPath: () => string): Promise<Tally> {
  const tally = newTally();
  // Set by the request's onResponse just before autocannon emits that response's `response` event.
  let outcome: Outcome = { error: 'no answer' };
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        headers: PAGE_HEADERS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: nextPath() }),
            onResponse: (status, body, _context, headers) => (outcome = classifyPage(status, headerValue(headers, 'content-type'), body)),
          },
        ],
      },
      (error: Error | null, done: autocannon.Result) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => count(tally, outcome, responseTime));
  });
  tally.seconds = (performance.now() - started) / 1000;
  // autocannon's `errors` include its `timeouts` (no answer within 10 s).
  fail(tally, 'no answer within 10 s (autocannon timeout)', result.timeouts);
  fail(tally, 'connection error', result.errors - result.timeouts);
  tally.times.sort((a, b) => a - b);
  return tally;
}

/**
 * Open loop: requests arrive at random (a Poisson process: exponential gaps, drawn against a
 * schedule so the client's own delays don't lower the rate) at `rate` a second for `seconds`,
 * whatever the server's answers do.
 */
async function paced(baseUrl: string, rate: number, seconds: number, nextPath: () => string, classify: (res: Response, body: string) => Outcome): Promise<Tally> {
  const tally = newTally();
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  for (let due = started; due < end; due += (-Math.log(1 - Math.random()) * 1000) / rate) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const url = `${baseUrl}${nextPath()}`;
    pending.push(
      (async () => {
        const sent = performance.now();
        try {
          const res = await fetch(url, { headers: PAGE_HEADERS });
          const body = await res.text();
          count(tally, classify(res, body), performance.now() - sent);
        } catch (error) {
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
          const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
          fail(tally, `fetch failed${code ? ` (${code})` : ''}: ${cause instanceof Error ? cause.message : String(cause)}`);
        }
      })(),
    );
  }
  await Promise.all(pending);
  tally.seconds = seconds;
  tally.times.sort((a, b) => a - b);
  return tally;
}

const pageOutcome = (res: Response, body: string) => classifyPage(res.status, res.headers.get('content-type') ?? undefined, body);
const catalogOutcome = (res: Response) => classifyCatalog(res.status, res.headers.get('content-type') ?? undefined);

// The table: one row per measure and database, printed as each is done.
const COLUMNS = [
  ['database', 18, 'left'],
  ['measure', 44, 'left'],
  ['req/s', 7, 'right'],
  ['p50 ms', 8, 'right'],
  ['p95 ms', 8, 'right'],
  ['p99 ms', 8, 'right'],
  ['errors', 7, 'right'],
  ['to browser', 11, 'right'],
  ['budget', 36, 'left'],
] as const;

function row(cells: readonly string[]): string {
  return COLUMNS.map(([, width, align], i) => (align === 'left' ? cells[i]!.padEnd(width) : cells[i]!.padStart(width)))
    .join('  ')
    .trimEnd();
}

const fixed = (value: number, digits = 1) => (Number.isNaN(value) ? '-' : value.toFixed(digits));

/** The errors' kinds, printed under the table. */
const errorNotes: string[] = [];

function printRow(database: string, measure: string, tally: Tally, { showP95 = true, budget = '' } = {}): void {
  const { times } = tally;
  for (const [reason, n] of tally.reasons) errorNotes.push(`  ${database}, ${measure}: ${n} × ${reason}`);
  console.log(
    row([
      database,
      measure,
      fixed(times.length / tally.seconds, 0),
      fixed(percentile(times, 50)),
      showP95 ? fixed(percentile(times, 95)) : '',
      fixed(percentile(times, 99)),
      String(tally.errors),
      String(tally.toBrowser),
      budget,
    ]),
  );
}

async function measure(database: string, env: NodeJS.ProcessEnv): Promise<void> {
  // LOG_LEVEL error: the server warns of every page it sends to the browser, which (a) provokes.
  const server = await startServer({ LOG_LEVEL: 'error', REDIS_URL: '', ...env });
  try {
    const ids = await productIds(server.url);
    // Warm-up: the server bundle's code, the database's plans and the catalog's caches.
    await closedLoop(server.url, WARM_UP_S, () => freshPagePath(ids));

    const uncached = await closedLoop(server.url, DURATION_S, () => freshPagePath(ids));
    printRow(database, `a. uncached, closed loop, ${CONNECTIONS} conns, ${DURATION_S} s`, uncached);

    const cachedPath = `/details/${ids[0]!}`;
    // The closed loop's last renders may still be under way, and while they fill every render
    // slot a page goes to the browser: ask again until this one is rendered.
    let rendered = false;
    for (let attempt = 0; attempt < 50 && !rendered; attempt += 1) {
      const first = await fetch(`${server.url}${cachedPath}`, { headers: PAGE_HEADERS });
      rendered = pageOutcome(first, await first.text()) === 'page';
      if (!rendered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!rendered) throw new Error(`${cachedPath} was not rendered on the server`);
    // Pages are kept ~5 s, so over a longer run the one URL is rendered again every ~5 s (once:
    // the requests meanwhile wait for that render).
    const cached = await closedLoop(server.url, DURATION_S, () => cachedPath);
    printRow(database, `b. page cache, one URL, ${CONNECTIONS} conns, ${DURATION_S} s`, cached, { showP95: false });

    const catalogAlone = await paced(server.url, CATALOG_RATE, PACED_S, () => CATALOG_PATH, catalogOutcome);
    const [pages, catalogBeside] = await Promise.all([
      paced(server.url, PAGES_RATE, PACED_S, () => freshPagePath(ids), pageOutcome),
      paced(server.url, CATALOG_RATE, PACED_S, () => CATALOG_PATH, catalogOutcome),
    ]);
    const p95 = percentile(pages.times, 95);
    const met = p95 <= BUDGET_P95_MS && pages.errors === 0 && pages.toBrowser === 0;
    printRow(database, `c. uncached, Poisson ${PAGES_RATE}/s, ${PACED_S} s`, pages, {
      budget: `p95 ≤ ${BUDGET_P95_MS} ms, all rendered: ${met ? 'met' : 'NOT met'}`,
    });
    printRow(database, `d. catalog API, Poisson ${CATALOG_RATE}/s, alone`, catalogAlone);
    printRow(database, `d. catalog API, Poisson ${CATALOG_RATE}/s, during c`, catalogBeside);
  } finally {
    await server.stop();
  }
}

console.log(`\nServer rendering of GET /details/{id} (Accept: text/html), one server process, load from another:`);
console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start: other work on the machine slows every figure)\n`);
console.log(row(COLUMNS.map(([title]) => title)));
console.log(row(COLUMNS.map(([, width]) => '-'.repeat(width))));
const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-ssr-'));
try {
  await measure('embedded (PGlite)', { DATA_DIR: path.join(tmp, 'pglite'), DATABASE_URL: '' });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `dukkan_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
    try {
      await measure('PostgreSQL server', { DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: databaseUrl(serverUrl, name) });
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    }
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
console.log(
  `\nreq/s and p50/p95/p99 count only pages rendered on the server (a, c), served from the page cache (b), or catalog lists (d).` +
    `\nto browser: 200 answers carrying the plain index.html because MAX_RENDERS_IN_FLIGHT (8) pages were already rendering.` +
    `\nerrors: failed requests, timeouts, and answers that were not 200 + text/html (application/json for the catalog).`,
);
if (errorNotes.length > 0) console.log(`\nErrors:\n${errorNotes.join('\n')}`);
