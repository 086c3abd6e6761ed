// `npm run bench`: the figures the issues budget, measured on this machine.
//  1. start-up: `node dist/server.js` until GET /api/health answers 200, first start (creates and
//     seeds the embedded database) and restart (reopens it);
//  2. throughput of GET /api/product/category/Grocery against one server process, loaded by
//     autocannon from this process, on the embedded database and, when DATABASE_URL is set, on
//     the PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { API_ROOT } from '../src/paths';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

import { startServer } from './server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

async function timeStartup(dataDir: string): Promise<number> {
  const started = performance.now();
  // An empty DATABASE_URL counts as unset: the embedded database in DATA_DIR.
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

/** Load from this process against the server in its own process, as a browser's traffic would. */
async function throughput(label: string, env: NodeJS.ProcessEnv) {
  const server = await startServer(env);
  const url = `${server.url}/api/product/category/Grocery`;
  await autocannon({ url, connections: 10, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: 10, duration: DURATION_S });
  await server.stop();
  console.log(
    `${label.padEnd(34)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-'));
try {
  console.log('Start-up (node apps/api/dist/server.js until /api/health is 200):');
  if (!existsSync(path.join(API_ROOT, 'dist', 'server.js'))) {
    throw new Error('Run `npm run build` first: the benchmark measures the built server.');
  }
  {
    const dataDir = path.join(tmp, 'startup');
    console.log(`  first start, new database ....... ${(await timeStartup(dataDir)).toFixed(0)} ms`);
    const restarts = [await timeStartup(dataDir), await timeStartup(dataDir), await timeStartup(dataDir)];
    console.log(`  restart (median of 3) ........... ${restarts.sort((a, b) => a - b)[1]!.toFixed(0)} ms`);
  }

  console.log(`\nGET /api/product/category/Grocery, 10 connections, ${DURATION_S} s, one server process (autocannon in another):`);
  await throughput('  embedded PostgreSQL (PGlite)', { DATA_DIR: path.join(tmp, 'pglite'), DATABASE_URL: '' });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `dukkan_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
    try {
      await throughput('  PostgreSQL server (DATABASE_URL)', { DATABASE_URL: databaseUrl(serverUrl, name) });
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    }
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
