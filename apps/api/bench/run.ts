// `npm run bench`: the figures the issues budget, measured on this machine. This part: start-up,
// `node dist/server.js` until GET /api/health answers 200, first start (creates and seeds the
// embedded database) and restart (reopens it). The catalog's throughput, side by side with a bare
// server, is bench/catalog-throughput.ts; the other parts follow in the `bench` script.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { API_ROOT } from '../src/paths';

import { startServer } from './server';

async function timeStartup(dataDir: string): Promise<number> {
  const started = performance.now();
  // An empty DATABASE_URL counts as unset: the embedded database in DATA_DIR.
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const ms = performance.now() - started;
  await server.stop();
  return ms;
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
} finally {
  await rm(tmp, { recursive: true, force: true });
}
