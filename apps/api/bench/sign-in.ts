// `npm run bench`, part 3: sign-ins against one server process. argon2id hashing runs on libuv's
// thread pool, so while 20 shoppers sign in at once the catalog must keep answering quickly.
// Measures sign-ins per second and their p95 at 20 concurrent, and the catalog's p99 alone and
// during that load. Budget (accounts issue): at least 80 sign-ins per second.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { startServer } from './server';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const SIGN_IN_CONCURRENCY = 20;
const CATALOG_CONCURRENCY = 2;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `concurrency` loops of `request` until `until`; each request's latency in ms. */
async function load(concurrency: number, until: number, request: () => Promise<Response>) {
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await request();
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!res.ok) failures += 1;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-signin-'));
const server = await startServer({ DATA_DIR: tmp, DATABASE_URL: '', REDIS_URL: '' });
try {
  const credentials = { email: 'bench-shopper@example.com', password: 'a-bench-passphrase-42' };
  const signUp = await fetch(`${server.url}/api/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Shopper', ...credentials }),
  });
  if (signUp.status !== 201) throw new Error(`signup answered ${signUp.status}`);
  const signIn = () =>
    fetch(`${server.url}/api/users/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  const catalog = () => fetch(`${server.url}/api/product/category/Grocery`);

  // Warm-up, then the catalog alone.
  await load(SIGN_IN_CONCURRENCY, performance.now() + 1000, signIn);
  const alone = await load(CATALOG_CONCURRENCY, performance.now() + DURATION_MS / 2, catalog);

  const until = performance.now() + DURATION_MS;
  const [signIns, during] = await Promise.all([
    load(SIGN_IN_CONCURRENCY, until, signIn),
    load(CATALOG_CONCURRENCY, until, catalog),
  ]);

  const seconds = DURATION_MS / 1000;
  console.log(`\nSign-in (POST /api/users/signin), ${SIGN_IN_CONCURRENCY} concurrent, ${seconds} s, one server process on PGlite:`);
  console.log(
    `  sign-ins ........................ ${(signIns.latencies.length / seconds).toFixed(0)} /s   p50 ${percentile(signIns.latencies, 50).toFixed(0)} ms   p95 ${percentile(signIns.latencies, 95).toFixed(0)} ms   failures ${signIns.failures}`,
  );
  console.log(
    `  catalog p99, alone .............. ${percentile(alone.latencies, 99).toFixed(1)} ms   (${CATALOG_CONCURRENCY} connections, ${alone.latencies.length} requests)`,
  );
  console.log(
    `  catalog p99, during sign-ins .... ${percentile(during.latencies, 99).toFixed(1)} ms   (${(during.latencies.length / seconds).toFixed(0)} req/s, failures ${during.failures})`,
  );
} finally {
  await server.stop();
  await rm(tmp, { recursive: true, force: true });
}
