import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

const serverTs = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
let dataDir: string | undefined;

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

/** Starts the real server process (through tsx) on a free port with the embedded database. */
async function start(dir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'info', ...extraEnv };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', serverTs], { env });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (out += chunk));
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const match = /is ready on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out };
}

function stop(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}

/** What became of one request: answered (with its status and body), refused before it reached the process, or dropped. */
type Outcome = { kind: 'answered'; status: number; body: string } | { kind: 'refused' } | { kind: 'dropped'; error: string };

/** One GET on a connection of its own (as HAProxy sends them, `option http-server-close`). */
function getOnce(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ kind: 'answered', status: response.statusCode ?? 0, body }));
      response.on('error', (error) => resolve({ kind: 'dropped', error: error.message }));
    });
    // Refused, or reset while connecting (queued for accept() when the listener closed): either
    // way the process never read the request, and a load balancer tries another.
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' || error.syscall === 'connect' ? { kind: 'refused' } : { kind: 'dropped', error: error.message }),
    );
  });
}

describe('the server process', () => {
  it('drains on SIGTERM under load: not ready at once, answering through DRAIN_DELAY_MS, then exits without dropping a request', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-drain-'));
    try {
      const running = await start(dir, { DRAIN_DELAY_MS: '1500' });
      const ready = await getOnce(`${running.url}/api/ready`);
      expect(ready).toEqual({ kind: 'answered', status: 200, body: JSON.stringify({ status: 'ready' }) });

      // Six shoppers asking one after the other, through a load balancer that checks readiness
      // every 500 ms and takes the process out after two failures: they stop sending it new
      // requests about a second after it turns not ready.
      let sending = true;
      const outcomes: { at: number; outcome: Outcome }[] = [];
      const shopper = async () => {
        while (sending) outcomes.push({ at: performance.now(), outcome: await getOnce(`${running.url}/api/product/category/Baby?pageSize=100`) });
      };
      const shoppers = Promise.all(Array.from({ length: 6 }, shopper));
      await new Promise((resolve) => setTimeout(resolve, 500));

      const exit = stop(running, 'SIGTERM');
      const signalledAt = performance.now();
      // Not ready at once, and saying why, while it still answers the rest.
      const draining = await getOnce(`${running.url}/api/ready`);
      expect(draining).toMatchObject({ kind: 'answered', status: 503 });
      expect(draining.kind === 'answered' && (JSON.parse(draining.body) as unknown)).toMatchObject({ status: 'draining', code: 'NOT_READY' });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      sending = false;
      await shoppers;
      expect(await exit, running.output()).toBe(0);
      // It went on listening through DRAIN_DELAY_MS, then finished.
      expect(performance.now() - signalledAt).toBeGreaterThan(1_500);

      // Every request it was sent was answered, those of the drain too.
      const failed = outcomes.filter(({ outcome }) => outcome.kind !== 'answered' || outcome.status !== 200);
      expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
      expect(outcomes.filter(({ at }) => at > signalledAt + 500).length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('starts, answers, shuts down cleanly on SIGTERM and SIGINT, and keeps its data', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-server-'));

    const first = await start(dataDir);
    expect(first.output()).toMatch(/"catalogLoaded":true/);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const before = (await (await fetch(`${first.url}/api/product?pageSize=1`)).json()) as { total: number };
    const inFlight = fetch(`${first.url}/api/product/category/Baby?pageSize=100`);
    const [code, answer] = await Promise.all([stop(first, 'SIGTERM'), inFlight]);
    expect(answer.status).toBe(200);
    expect(code, first.output()).toBe(0);
    expect(first.output()).toMatch(/shutting down/);
    expect(first.output()).toMatch(/"msg":"closed"/);

    const second = await start(dataDir);
    expect(second.output()).toMatch(/"catalogLoaded":false/);
    const after = (await (await fetch(`${second.url}/api/product?pageSize=1`)).json()) as { total: number };
    expect(after.total).toBe(before.total);
    expect(await stop(second, 'SIGINT')).toBe(0);
  }, 90_000);

  it('refuses to start with an invalid setting and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverTs], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: os.tmpdir() },
    });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(err).toMatch(/PORT/);
  }, 30_000);
});
