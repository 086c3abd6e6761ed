// `npm run bench`, the catalog's throughput (issue #34): GET /api/product/category/Grocery on the
// built server (`node dist/server.js`, NODE_ENV=production, its own process) side by side with a
// bare Fastify server (bench/bare-server.ts, its own process) that answers the same path with the
// bytes and headers the real server sent. Loaded in turn by autocannon from this process:
// 3 rounds of BENCH_DURATION (10) s each, 10 connections, the order swapped every
// round (real, bare; bare, real; …) so a drift of the shared host falls on both. Twice: as a client
// that accepts no encoding, and as a browser (`Accept-Encoding: gzip, deflate, br`). On the
// embedded database and, when DATABASE_URL is set, on the PostgreSQL server. The ratio of the two
// is the figure: the host's speed and its other jobs move both. Beside it, each server's CPU time
// per answer (all its threads, from /proc), which other jobs on a shared host move much less.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

import autocannon from 'autocannon';

import { API_ROOT } from '../src/paths';
import { adminQuery, databaseUrl, quoteIdent } from '../src/test/pg-admin';

import type { CapturedAnswer } from './bare-server';
import { startServer } from './server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Issue #34's method: 3 rounds of 10 s, alternating. */
const ROUNDS = 3;
const CONNECTIONS = 10;
const PATH = '/api/product/category/Grocery';
/** What a client may ask for: nothing (autocannon's default, and curl's), and what browsers send. */
const CLIENTS = [
  { name: 'no Accept-Encoding', acceptEncoding: '' },
  { name: 'Accept-Encoding: gzip, deflate, br', acceptEncoding: 'gzip, deflate, br' },
] as const;
/** Headers of the connection, not of the answer: the bare server's own Node sets them. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** One request over a plain socket: the status, headers and bytes exactly as sent (no decoding). */
function capture(url: string, acceptEncoding: string): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        const raw = response.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) {
          const name = raw[i]!;
          if (!HOP_HEADERS.has(name.toLowerCase())) headers[name] = raw[i + 1]!;
        }
        resolve({ path: new URL(url).pathname, acceptEncoding, status: response.statusCode ?? 0, headers, bodyBase64: Buffer.concat(chunks).toString('base64') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface Bare {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A process's CPU time so far (user + system, every thread), in ms; NaN where /proc is missing. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function startBare(answersFile: string): Promise<Bare> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'bench', 'bare-server.ts'), answersFile], {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the bare server exited before it was ready')));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}

interface Run {
  rps: number;
  /** The server's CPU time per answer, in µs. */
  cpuUs: number;
  p50: number;
  p99: number;
  bytesPerAnswer: number;
  failures: number;
}

async function load(url: string, pid: number, acceptEncoding: string, duration: number): Promise<Run> {
  const cpuBefore = await cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  const cpuAfter = await cpuMs(pid);
  return {
    rps: result.requests.average,
    cpuUs: result.requests.total ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total : NaN,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : 0,
    failures: result.errors + result.non2xx + result.timeouts,
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');

/** The real API on `env` against the bare server with its answers, for each kind of client. */
async function sideBySide(label: string, env: NodeJS.ProcessEnv, tmp: string): Promise<void> {
  const real = await startServer({ NODE_ENV: 'production', ...env });
  let bare: Bare | undefined;
  try {
    const realUrl = `${real.url}${PATH}`;
    // Fill the response cache, then capture each kind of answer.
    await capture(realUrl, '');
    const answers = await Promise.all(CLIENTS.map((client) => capture(realUrl, client.acceptEncoding)));
    for (const answer of answers) {
      if (answer.status !== 200) throw new Error(`${PATH} answered ${answer.status}`);
    }
    const answersFile = path.join(tmp, `answers-${randomBytes(4).toString('hex')}.json`);
    await writeFile(answersFile, JSON.stringify(answers));
    bare = await startBare(answersFile);
    const bareUrl = `${bare.url}${PATH}`;

    console.log(`\n${label}`);
    for (const client of CLIENTS) {
      const answer = answers.find((a) => a.acceptEncoding === client.acceptEncoding)!;
      const size = Buffer.from(answer.bodyBase64, 'base64').length;
      const encoding = answer.headers['content-encoding'] ?? 'identity';
      console.log(`  ${client.name}: the answer is ${fmt(size)} bytes (${encoding}), ${Object.keys(answer.headers).length} headers`);
      // Warm-up: both servers' code paths compiled, connections opened once.
      await load(realUrl, real.pid, client.acceptEncoding, 2);
      await load(bareUrl, bare.pid, client.acceptEncoding, 2);
      const runs: { real: Run[]; bare: Run[] } = { real: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['real', 'bare'] as const) : (['bare', 'real'] as const);
        for (const which of order) {
          runs[which].push(which === 'real' ? await load(realUrl, real.pid, client.acceptEncoding, DURATION_S) : await load(bareUrl, bare.pid, client.acceptEncoding, DURATION_S));
        }
        const r = runs.real[round]!;
        const b = runs.bare[round]!;
        console.log(
          `    round ${round + 1}: API ${fmt(r.rps).padStart(6)} req/s (p99 ${r.p99} ms, ${r.cpuUs.toFixed(0)} µs CPU each)` +
            `   bare ${fmt(b.rps).padStart(6)} req/s (p99 ${b.p99} ms, ${b.cpuUs.toFixed(0)} µs)   ${(r.rps / b.rps).toFixed(2)}×`,
        );
      }
      const realRps = mean(runs.real.map((r) => r.rps));
      const bareRps = mean(runs.bare.map((r) => r.rps));
      const realCpu = mean(runs.real.map((r) => r.cpuUs));
      const bareCpu = mean(runs.bare.map((r) => r.cpuUs));
      const failures = [...runs.real, ...runs.bare].reduce((n, r) => n + r.failures, 0);
      const sameSize = Math.abs(mean(runs.real.map((r) => r.bytesPerAnswer)) - mean(runs.bare.map((r) => r.bytesPerAnswer)));
      console.log(
        `    mean: API ${fmt(realRps)} req/s, p50 ${mean(runs.real.map((r) => r.p50)).toFixed(1)} ms, p99 ${Math.max(...runs.real.map((r) => r.p99))} ms;` +
          ` bare ${fmt(bareRps)} req/s, p99 ${Math.max(...runs.bare.map((r) => r.p99))} ms;` +
          ` ratio ${(realRps / bareRps).toFixed(2)}×;` +
          ` CPU per answer ${realCpu.toFixed(0)} against ${bareCpu.toFixed(0)} µs (${(bareCpu / realCpu).toFixed(2)}×)` +
          (failures ? `; ${failures} failed requests` : '') +
          (sameSize > 64 ? `; the answers differ by ${sameSize.toFixed(0)} bytes on the wire` : ''),
      );
    }
  } finally {
    await bare?.stop();
    await real.stop();
  }
}

if (!existsSync(path.join(API_ROOT, 'dist', 'server.js'))) {
  throw new Error('Run `npm run build` first: the benchmark measures the built server.');
}
console.log(
  `GET ${PATH}: the API (node dist/server.js, production) against a bare Fastify server sending the same bytes;` +
    ` ${CONNECTIONS} connections, ${ROUNDS} rounds × ${DURATION_S} s each, alternating; autocannon in this process. ${os.cpus().length} cores.`,
);
const tmp = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-catalog-'));
try {
  await sideBySide('Embedded PostgreSQL (PGlite in files), demo catalog:', { DATA_DIR: path.join(tmp, 'pglite'), DATABASE_URL: '' }, tmp);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `dukkan_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${quoteIdent(name)}`);
    try {
      await sideBySide('PostgreSQL server (DATABASE_URL), demo catalog:', { DATABASE_URL: databaseUrl(serverUrl, name), DATA_DIR: path.join(tmp, 'server-data') }, tmp);
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    }
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
