// `npm run bench` (after bench/run.ts): search latency over a 100 000-product catalog, on the
// embedded database (an in-memory PGlite) and, when DATABASE_URL is set, on a fresh uniquely named
// database on that server (dropped afterwards). Each catalog is the demo catalog plus synthetic
// products (src/seed/synthetic.ts) loaded with the seed's own insertProducts, then VACUUM ANALYZEd
// as a server's autovacuum would after a bulk load. Latency is of the search service called
// directly — the database work and the mapping to contract objects; no HTTP, so no response
// cache — per group of queries, alternating its queries, after one warm-up pass over every group.
import { randomBytes } from 'node:crypto';

import type { Language } from '@dukkan/contracts/common';
import { sql } from 'drizzle-orm';

import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { searchWords } from '../src/modules/search/normalize';
import { searchProducts, suggestProducts } from '../src/modules/search/service';
import { buildDemoCatalog } from '../src/seed/demo-catalog';
import { insertProducts, loadCatalogOnce } from '../src/seed/load-catalog';
import { generateSyntheticProducts } from '../src/seed/synthetic';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 200);
const WARM_UP = 20;

const GROUPS: { name: string; lng: Language; queries: string[] }[] = [
  { name: 'typical', lng: 'en', queries: ['headphones', 'organic coffee'] },
  { name: 'misspelled', lng: 'en', queries: ['hedphones', 'bluetoth speker'] },
  { name: 'Arabic', lng: 'ar', queries: ['سماعات', 'قهوة'] },
  // Not a target, the worst case: a prefix typed on the way to "headphones" and a word in a
  // tenth of the catalog, each matching thousands of products that must all be ranked.
  { name: 'broad', lng: 'en', queries: ['hea', 'premium'] },
];

async function loadCatalog(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  await handle.migrate();
  await loadCatalogOnce(handle.db, buildDemoCatalog);
  const demo = buildDemoCatalog().products.length;
  // Synthetic products sort after the demo catalog, as `npm run catalog:generate` places them.
  await handle.db.transaction((tx) => insertProducts(tx, generateSyntheticProducts(PRODUCTS - demo, 1), 1_000_000));
  await handle.db.execute(sql`vacuum analyze`);
  const loaded = performance.now() - started;
  // Flush the load's dirty pages now rather than while measuring. Needs superuser or
  // pg_checkpoint on a server; without them the figures may carry the checkpoint's noise.
  await handle.db.execute(sql`checkpoint`).catch(() => console.warn('  (no right to CHECKPOINT: expect noisier figures)'));
  return loaded;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;
}

async function measure(run: (query: string) => Promise<unknown>, queries: string[]): Promise<string> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run(queries[i % queries.length]!);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return `p50 ${percentile(samples, 0.5).toFixed(1).padStart(5)} ms  p95 ${percentile(samples, 0.95).toFixed(1).padStart(5)} ms`;
}

async function bench(label: string, handle: DatabaseHandle): Promise<void> {
  try {
    const loadMs = await loadCatalog(handle);
    console.log(`\n${label}: ${PRODUCTS} products loaded in ${(loadMs / 1000).toFixed(0)} s`);
    const search = (lng: Language) => (q: string) => searchProducts(handle.db, lng, searchWords(q), { sort: 'relevance', page: 1, pageSize: 24, filters: {} });
    const suggest = (lng: Language) => (q: string) => suggestProducts(handle.db, lng, searchWords(q));
    for (const group of GROUPS) {
      for (let i = 0; i < WARM_UP; i++) {
        const q = group.queries[i % group.queries.length]!;
        await search(group.lng)(q);
        await suggest(group.lng)(q);
      }
    }
    console.log(`  ${'group'.padEnd(40)} ${'search, page of 24 with facets'.padEnd(28)} suggest, 8 titles`);
    for (const group of GROUPS) {
      const searchFigures = await measure(search(group.lng), group.queries);
      const suggestFigures = await measure(suggest(group.lng), group.queries);
      const name = `${group.name} (${group.queries.join(', ')})`;
      console.log(`  ${name.padEnd(40)} ${searchFigures.padEnd(28)} ${suggestFigures}`);
    }
  } finally {
    await handle.close();
  }
}

console.log(
  `\nSearch latency: the search service called directly (no HTTP, no response cache), ${SAMPLES} samples a group, after ${WARM_UP} warm-up runs of each:`,
);
await bench('embedded PostgreSQL (PGlite, in memory)', await openDatabase({ kind: 'pglite' }));
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const name = `dukkan_bench_search_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
  try {
    await bench('PostgreSQL server (DATABASE_URL)', await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) }));
  } finally {
    await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  }
}
