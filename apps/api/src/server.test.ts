import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
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
async function start(dir: string): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'info' };
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

describe('the server process', () => {
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
