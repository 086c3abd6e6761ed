// `npm run bench` (issue #34): aisle latency — a department's and a search's page with its facets,
// sorted and filtered — and suggestions, with 10 clients at once, every request a different query
// (the service called directly: no HTTP, no response cache), p50/p95/p99 per scenario.
//
// Sizes: by default the embedded database (PGlite, in memory) at BENCH_AISLE_PRODUCTS (100 000)
// and, when DATABASE_URL is set, a fresh database on that server at the same size, dropped
// afterwards. BENCH_AISLE_ONLY=department (or search, suggestions) runs only the scenarios so named. BENCH_AISLE_URL names an already loaded database instead (e.g. one that
// `npm run catalog:generate -- --products 1000000` filled), which is measured as it is.
import { randomBytes } from 'node:crypto';

import type { AisleSort } from '@dukkan/contracts/aisle';
import type { Language } from '@dukkan/contracts/common';
import { sql } from 'drizzle-orm';

import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import type { AisleRequest } from '../src/modules/catalog/aisle';
import { listDepartmentAisle } from '../src/modules/catalog/service';
import { searchWords } from '../src/modules/search/normalize';
import { warmSearchIndex } from '../src/modules/search/search-index';
import { searchProducts, suggestProducts } from '../src/modules/search/service';
import { buildDemoCatalog } from '../src/seed/demo-catalog';
import { insertProducts, loadCatalogOnce } from '../src/seed/load-catalog';
import { generateSyntheticProducts } from '../src/seed/synthetic';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

const PRODUCTS = Number(process.env.BENCH_AISLE_PRODUCTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_AISLE_SAMPLES ?? 300);
const CLIENTS = 10;

interface Scenario {
  name: string;
  budgetMs: number;
  /** The n-th request of the scenario: a different query each time. */
  run: (db: Database, n: number) => Promise<unknown>;
}

/** The statement's rows, from either driver. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const request = (over: Partial<AisleRequest> = {}): AisleRequest => ({ sort: 'featured', page: 1, pageSize: 24, filters: {}, ...over });

async function scenarios(db: Database): Promise<Scenario[]> {
  const departments = rowsOf<{ slug: string }>(await db.execute(sql`select slug from categories order by position`)).map((r) => r.slug);
  // Each department's ten biggest brands: the ones a shopper ticks first.
  const brandRows = rowsOf<{ slug: string; brand_en: string }>(
    await db.execute(sql`
      select c.slug, b.brand_en from categories c cross join lateral (
        select brand_en from products p where p.category_id = c.id and p.status = 'published'
        group by brand_en order by count(*) desc limit 10) b`),
  );
  const brandsOf = (dept: string) => brandRows.filter((r) => r.slug === dept).map((r) => r.brand_en);
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length] as T;
  const lng = (n: number): Language => (n % 2 === 0 ? 'en' : 'ar');
  const sorts: AisleSort[] = ['featured', 'price_asc', 'price_desc', 'newest', 'rating'];
  const searchWith = (queries: string[], language?: Language) => (d: Database, n: number) =>
    searchProducts(d, language ?? lng(n), searchWords(pick(queries, n)), request({ sort: 'relevance', page: 1 + (n % 3) }));
  return [
    {
      name: 'department, page 1, facets, no filter',
      budgetMs: 30,
      run: (d, n) => listDepartmentAisle(d, lng(n), pick(departments, n), request({ sort: pick(sorts, Math.floor(n / departments.length)) })),
    },
    {
      name: 'department, brand + price range, by price',
      budgetMs: 30,
      run: (d, n) => {
        const dept = pick(departments, n);
        const minPrice = 100 * (1 + (n % 20));
        return listDepartmentAisle(d, lng(n), dept, request({ sort: 'price_asc', filters: { brand: [pick(brandsOf(dept), n)], minPrice, maxPrice: minPrice + 50_000 } }));
      },
    },
    { name: 'department, page 200', budgetMs: 50, run: (d, n) => listDepartmentAisle(d, lng(n), pick(departments, n), request({ page: 200 + (n % 5) })) },
    { name: 'search, typical word', budgetMs: 25, run: searchWith(['headphones', 'coffee', 'shampoo', 'blanket'], 'en') },
    { name: 'search, misspelled', budgetMs: 40, run: searchWith(['hedphones', 'cofee', 'shampo', 'blankit'], 'en') },
    { name: 'search, Arabic', budgetMs: 25, run: searchWith(['سماعات', 'قهوة', 'شامبو', 'بطانية'], 'ar') },
    { name: 'search, one letter', budgetMs: 60, run: searchWith(['a', 'b', 's', 'c']) },
    { name: 'suggestions as you type', budgetMs: 15, run: (d, n) => suggestProducts(d, lng(n), searchWords(pick(['hea', 'head', 'headp', 'cof', 'coff', 'sham'], n))) },
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;

/** `SAMPLES` requests of one scenario from CLIENTS clients at once. */
async function measure(db: Database, scenario: Scenario): Promise<string> {
  const samples: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < SAMPLES) {
      const n = next++;
      const started = performance.now();
      await scenario.run(db, n);
      samples.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  samples.sort((a, b) => a - b);
  const p95 = percentile(samples, 0.95);
  const verdict = p95 <= scenario.budgetMs ? 'within' : 'OVER';
  return `${scenario.name.padEnd(42)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(6)}  p95 ${p95.toFixed(1).padStart(6)}  p99 ${percentile(samples, 0.99).toFixed(1).padStart(6)} ms  (budget ${scenario.budgetMs}: ${verdict})`;
}

async function bench(label: string, handle: DatabaseHandle): Promise<void> {
  try {
    const [counted] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from products where status = 'published'`));
    console.log(`\n${label}: ${counted?.n ?? 0} published products, ${CLIENTS} clients, ${SAMPLES} requests a scenario`);
    const only = process.env.BENCH_AISLE_ONLY;
    if (!only?.startsWith('department')) {
      // Search answers from its index once it is read (decision 0058): read it first, and say how long that took.
      const started = performance.now();
      const index = await warmSearchIndex(handle.db);
      const rss = Math.round(process.memoryUsage().rss / 1_048_576);
      console.log(`  search index read in ${((performance.now() - started) / 1000).toFixed(1)} s: ${index.aisle.size} products, ${index.lexemes.length} lexemes, ${index.postings.length} postings, the figures of ${index.tallied.size} words kept; process RSS ${rss} MB`);
    }
    for (const scenario of (await scenarios(handle.db)).filter((s) => only === undefined || s.name.startsWith(only))) {
      for (let i = 0; i < CLIENTS; i++) await scenario.run(handle.db, SAMPLES + i); // warm-up
      console.log(`  ${await measure(handle.db, scenario)}`);
    }
  } finally {
    await handle.close();
  }
}

async function loaded(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await handle.migrate();
  await loadCatalogOnce(handle.db, buildDemoCatalog);
  await handle.db.transaction((tx) => insertProducts(tx, generateSyntheticProducts(PRODUCTS - buildDemoCatalog().products.length, 1), 1_000_000));
  await handle.db.execute(sql`vacuum analyze`);
  return handle;
}

console.log('\nAisle latency (issue #34): the catalog and search services called directly, every request a different query:');
const existing = process.env.BENCH_AISLE_URL;
if (existing) {
  await bench(`PostgreSQL server (BENCH_AISLE_URL, as loaded)`, await openDatabase({ kind: 'postgres', url: existing, poolSize: CLIENTS }));
} else {
  await bench('embedded PostgreSQL (PGlite, in memory)', await loaded(await openDatabase({ kind: 'pglite' })));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `dukkan_bench_aisle_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
    try {
      await bench('PostgreSQL server (DATABASE_URL)', await loaded(await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: CLIENTS })));
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    }
  }
}
