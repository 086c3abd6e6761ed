// The back office's product list at 100 000 products (issue #20's budget: p95 ≤ 100 ms with a
// filter and with a search), on the embedded database and, with DATABASE_URL, on a fresh database
// of that server (dropped afterwards). Run: `npx tsx src/modules/admin/products/bench/list.bench.ts`
// from apps/api. Like bench/search.ts: the demo catalog plus synthetic products, VACUUM ANALYZEd,
// the service called directly (no HTTP), after a warm-up.
import { randomBytes } from 'node:crypto';

import { AdminProductListQuerySchema } from '@dukkan/contracts/admin-products';
import { sql } from 'drizzle-orm';

import { openDatabase, type DatabaseHandle } from '../../../../db/client';
import { products } from '../../../../db/schema';
import { buildDemoCatalog } from '../../../../seed/demo-catalog';
import { insertProducts, loadCatalogOnce } from '../../../../seed/load-catalog';
import { generateSyntheticProducts } from '../../../../seed/synthetic';
import { adminQuery, databaseUrl, quoteIdent } from '../../../../test/pg-admin';
import { listAdminProducts } from '../service';

const PRODUCTS = Number(process.env.BENCH_ADMIN_PRODUCTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 100);
const WARM_UP = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;
}

async function bench(label: string, handle: DatabaseHandle): Promise<void> {
  try {
    const started = performance.now();
    await handle.migrate();
    await loadCatalogOnce(handle.db, buildDemoCatalog);
    const demo = buildDemoCatalog().products.length;
    await handle.db.transaction((tx) => insertProducts(tx, generateSyntheticProducts(PRODUCTS - demo, 1), 1_000_000));
    // Some drafts and some low or empty stock, as a real back office has.
    await handle.db.execute(sql`update ${products} set status = 'draft' where position % 50 = 0`);
    await handle.db.execute(sql`update ${products} set quantity = position % 7 where position % 13 = 0`);
    await handle.db.execute(sql`vacuum analyze`);
    console.log(`\n${label}: ${PRODUCTS} products loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const [someone] = await handle.db.select({ id: products.id }).from(products).limit(1).offset(PRODUCTS / 2);
    const cases: [string, Record<string, string>][] = [
      ['first page, newest change first', {}],
      ['department + published, by price', { category: 'electronics', status: 'published', sort: 'price' }],
      ['low stock', { stock: 'low' }],
      ['search "headph" (substring)', { q: 'headph' }],
      ['search Arabic "سماعات"', { q: 'سماعات' }],
      ['search + department + drafts', { q: 'coffee', category: 'Grocery', status: 'draft' }],
      ['an id', { q: someone?.id ?? '' }],
      ['page 200 of 25', { page: '200' }],
    ];
    for (const [name, raw] of cases) {
      const query = AdminProductListQuerySchema.parse(raw);
      for (let i = 0; i < WARM_UP; i++) await listAdminProducts(handle.db, query);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        await listAdminProducts(handle.db, query);
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      console.log(`  ${name.padEnd(40)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(samples, 0.95).toFixed(1).padStart(6)} ms`);
    }
  } finally {
    await handle.close();
  }
}

await bench('embedded PostgreSQL (PGlite, in memory)', await openDatabase({ kind: 'pglite' }));
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const name = `dukkan_bench_admin_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
  try {
    await bench('PostgreSQL server (DATABASE_URL)', await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) }));
  } finally {
    await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  }
}
