// `npm run bench`: the figures the issues budget, measured on this machine.
//  1. start-up: `node dist/server.js` until GET /api/health answers 200, first start (creates and
//     seeds the embedded database) and restart (reopens it);
//  2. throughput of GET /api/product/category/Grocery on one process (autocannon), on the
//     embedded database, and on the PostgreSQL server when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/prepare';
import { API_ROOT } from '../src/paths';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

async function timeStartup(dataDir: string): Promise<number> {
  const server = path.join(API_ROOT, 'dist', 'server.js');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [server], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const match = /is ready on (http:\/\/[\d.]+:\d+)/.exec(chunk);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const res = await fetch(`${url}/api/health`);
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`health answered ${res.status}`);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return ms;
}

async function throughput(label: string, config: { dataDir: string; databaseUrl: string | undefined }) {
  const database = await prepareDatabase(config);
  const app = await buildApp({ db: database.db, logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}/api/product/category/Grocery`;
  await autocannon({ url, connections: 10, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: 10, duration: DURATION_S });
  await app.close();
  await database.close();
  console.log(
    `${label.padEnd(34)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-'));
try {
  console.log('Start-up (node apps/api/dist/server.js until /api/health is 200):');
  if (!existsSync(path.join(API_ROOT, 'dist', 'server.js'))) {
    console.log('  skipped: run `npm run build` first');
  } else {
    const dataDir = path.join(tmp, 'startup');
    console.log(`  first start, new database ....... ${(await timeStartup(dataDir)).toFixed(0)} ms`);
    const restarts = [await timeStartup(dataDir), await timeStartup(dataDir), await timeStartup(dataDir)];
    console.log(`  restart (median of 3) ........... ${restarts.sort((a, b) => a - b)[1]!.toFixed(0)} ms`);
  }

  console.log(`\nGET /api/product/category/Grocery, 10 connections, ${DURATION_S} s, one process:`);
  await throughput('  embedded PostgreSQL (PGlite)', { dataDir: path.join(tmp, 'pglite'), databaseUrl: undefined });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `dukkan_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
    try {
      await throughput('  PostgreSQL server (DATABASE_URL)', { dataDir: '', databaseUrl: databaseUrl(serverUrl, name) });
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    }
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
