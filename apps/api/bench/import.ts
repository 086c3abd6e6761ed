// `npx tsx bench/import.ts` (apps/api): a CSV import of 100 000 new products (BENCH_IMPORT_ROWS)
// into the demo catalog on the embedded database (PGlite in files, as the shop keeps it: a new
// temporary folder, or BENCH_IMPORT_DATA_DIR; in memory with BENCH_IMPORT_IN_MEMORY=1), through the HTTP API of
// an app in this process, while shoppers' catalog requests (`GET /api/product?page=N`, random
// pages, so most miss the response cache once the catalog has grown) run every 20 ms. Prints the
// import's time, split into checking + staging and applying (from the import's progress row), and
// the catalog's p50/p95/p99/max meanwhile. Budget (issue #20): import ≤ 60 s, catalog p99 ≤ 50 ms.
// The shoppers' client runs in a thread of its own, so its figures include the waits of the app's.
// With DATABASE_URL set, the same runs on a fresh database on that server (dropped afterwards);
// BENCH_IMPORT_SKIP_EMBEDDED=1 runs only that.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

import { PRODUCT_CSV_COLUMNS } from '@dukkan/contracts/admin-products';
import { stringify } from 'csv-stringify/sync';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { buildDemoCatalog } from '../src/seed/demo-catalog';
import { loadCatalogOnce } from '../src/seed/load-catalog';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';
import { createTestStaff } from '../src/test/staff-fixtures';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const DEPARTMENTS = ['Grocery', 'Home', 'Patio&Garden', 'electronics', 'Fashion', 'Beauty', 'Home-Improvement', 'Auto&Tires', 'Baby'];

const SHOPPERS_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const latencies = [];
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const page = 1 + Math.floor(Math.random() * workerData.pages);
    const started = performance.now();
    const res = await fetch(workerData.url + '/api/product?page=' + page + '&pageSize=24');
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function csvOfRows(rows: number, departments: string[]): string {
  const records: string[][] = [[...PRODUCT_CSV_COLUMNS]];
  for (let i = 0; i < rows; i++) {
    records.push([
      '',
      departments[i % departments.length] ?? 'Grocery',
      i % 10 === 0 ? 'draft' : 'published',
      `Bench product ${i} organic cotton towel`,
      `منتج تجريبي ${i} منشفة قطنية`,
      `A description of bench product ${i}: soft, durable and washable, "made to last", in several colours.`,
      `وصف المنتج التجريبي ${i}: ناعم ومتين وقابل للغسل.`,
      `Brand ${i % 300}`,
      `علامة ${i % 300}`,
      `${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`,
      i % 3 === 0 ? `${(i % 900) + 2}.00` : '',
      String(i % 50),
    ]);
  }
  return stringify(records);
}

async function bench(label: string, handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await loadCatalogOnce(handle.db, buildDemoCatalog);
  const config = loadConfig({ LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-of-at-least-32-characters!', DATA_DIR: os.tmpdir(), SSR_WORKERS: '0', PORT: '0' });
  const app = await buildApp({ config, db: handle.db });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const staff = await createTestStaff(handle.db, 'catalog');
    const categories = (await (await fetch(`${url}/api/categories/`)).json()) as { data: { name: string }[] };
    const names = categories.data.map((c) => c.name);
    const csv = csvOfRows(ROWS, names.length > 0 ? names : DEPARTMENTS);
    console.log(`\n${label}: importing ${ROWS} new products (${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB of CSV)`);

    // Shoppers meanwhile, in a thread of their own (PGlite runs statements in the app's thread:
    // a client sharing it would not see those waits): one catalog request every 20 ms.
    const pages = Math.max(1, Math.floor(ROWS / 24 / 4));
    const shoppers = new Worker(SHOPPERS_CODE, { eval: true, workerData: { url, pages } });
    const latenciesReady = new Promise<number[]>((resolve) => shoppers.once('message', (m: number[]) => resolve(m)));

    const started = performance.now();
    const res = await fetch(`${url}/api/admin/products/import?async=1`, { method: 'POST', headers: { ...staff.headers, 'content-type': 'text/csv' }, body: csv });
    const { data } = (await res.json()) as { data: { importId: string } };
    let lastCheckingAt: number | undefined;
    let status = 'checking';
    let progress: { status: string; created: number; rowsChecked: number; total: number | null; errors: unknown[] } | undefined;
    while (status === 'checking' || status === 'applying') {
      await sleep(100);
      progress = ((await (await fetch(`${url}/api/admin/imports/${data.importId}`, { headers: staff.headers })).json()) as { data: typeof progress }).data;
      status = progress?.status ?? 'failed';
      // A poll during the apply waits for its transaction on PGlite: the last poll that saw rows
      // still being checked bounds the checking phase.
      if (status === 'checking') lastCheckingAt = performance.now();
    }
    const total = (performance.now() - started) / 1000;
    shoppers.postMessage('stop');
    const latencies = (await latenciesReady).sort((a, b) => a - b);
    await shoppers.terminate();
    const applySeconds = lastCheckingAt === undefined ? Number.NaN : (performance.now() - lastCheckingAt) / 1000;
    console.log(`  import: ${status}, ${progress?.created ?? 0} created in ${total.toFixed(1)} s (checking + staging ≈ ${(total - applySeconds).toFixed(1)} s, applying ≈ ${applySeconds.toFixed(1)} s)`);
    if (status !== 'done') console.log('  errors:', JSON.stringify(progress?.errors?.slice(0, 3)));
    console.log(
      `  catalog meanwhile: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

if (process.env.BENCH_IMPORT_SKIP_EMBEDDED !== '1') {
  if (process.env.BENCH_IMPORT_IN_MEMORY === '1') {
    await bench('embedded database (PGlite, in memory)', await openDatabase({ kind: 'pglite' }));
  } else {
    const dataDir = process.env.BENCH_IMPORT_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-import-')));
    try {
      await bench(`embedded database (PGlite, in files: ${dataDir})`, await openDatabase({ kind: 'pglite', dataDir }));
    } finally {
      if (!process.env.BENCH_IMPORT_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    }
  }
}

if (process.env.DATABASE_URL) {
  const name = `dukkan_bench_import_${randomBytes(4).toString('hex')}`;
  await adminQuery(process.env.DATABASE_URL, `create database ${quoteIdent(name)}`);
  try {
    await bench('PostgreSQL server', await openDatabase({ kind: 'postgres', url: databaseUrl(process.env.DATABASE_URL, name) }));
  } finally {
    await adminQuery(process.env.DATABASE_URL, `drop database if exists ${quoteIdent(name)} with (force)`);
  }
}
