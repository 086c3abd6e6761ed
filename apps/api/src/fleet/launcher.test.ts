// `npm run fleet` (issue #37, decision 0061): the launcher, started for real with three API
// processes, PgBouncer and HAProxy on a database of its own. Runs only in the `api-fleet-pg`
// project (DATABASE_URL set, with haproxy and pgbouncer installed); the plain `api` project
// excludes src/fleet.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../db/client';
import { bumpCatalogVersion } from '../lib/catalog-version';
import { adminQuery, databaseUrl, quoteIdent } from '../test/pg-admin';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const launcherScript = path.join(repo, 'scripts/fleet/fleet.mjs');
const serverJs = path.join(repo, 'apps/api/dist/server.js');

interface FleetRecord {
  launcherPid: number;
  status: string;
  haproxy: { pid: number | null };
  pgbouncer: { pid: number | null; port: number };
  processes: { index: number; pid: number | null; port: number; restarts: number }[];
}

/** The newest modification time of the files under `dir` (0 when it does not exist). */
function newestChange(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The launcher runs the built API. `npm test` runs the unit tests before it builds, so build the
 * API here when its build is missing or older than its sources (about 20 s).
 */
function ensureBuiltApi(): void {
  const built = existsSync(serverJs) ? statSync(serverJs).mtimeMs : 0;
  const sources = Math.max(newestChange(path.join(repo, 'apps/api/src')), newestChange(path.join(repo, 'packages/contracts/src')));
  if (built > sources) return;
  // On failure the error's message carries the build's output.
  execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: repo, stdio: 'pipe' });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base port with base..base+3 (HAProxy and three processes) and base+9 (PgBouncer) free. */
async function freePorts(): Promise<{ port: number; pgbouncerPort: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + 10 * Math.floor(Math.random() * 2_000);
    const wanted = [port, port + 1, port + 2, port + 3, port + 9];
    if ((await Promise.all(wanted.map(portIsFree))).every(Boolean)) return { port, pgbouncerPort: port + 9 };
  }
  throw new Error('No free ports found for the fleet');
}

function isAlive(pid: number | null): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function status(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
}

describe('npm run fleet (issue #37)', () => {
  let dataDir = '';
  let database = '';
  let port = 0;
  let launcher: ChildProcessWithoutNullStreams | undefined;
  let output = '';
  const fleetFile = () => path.join(dataDir, 'fleet', 'fleet.json');
  const readFleet = () => JSON.parse(readFileSync(fleetFile(), 'utf8')) as FleetRecord;
  const shop = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

  beforeAll(async () => {
    ensureBuiltApi();
    // A migrated database with the demo catalog, copied from the run's template.
    database = `dukkan_fleet_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(inject('pgUrl'), `create database ${quoteIdent(database)} template ${quoteIdent(inject('pgTemplate'))}`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-fleet-'));
    const ports = await freePorts();
    port = ports.port;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl(inject('pgUrl'), database),
      PORT: String(port),
      PGBOUNCER_PORT: String(ports.pgbouncerPort),
      DATA_DIR: dataDir,
    };
    delete env.FLEET_DIR;
    delete env.HOST;
    delete env.PUBLIC_URL;
    const child = spawn(process.execPath, [launcherScript, '--processes', '3'], { cwd: repo, env });
    launcher = child;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: string) => {
        output += chunk;
        if (output.includes('fleet: ready on')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`the launcher exited with ${code} before the fleet was ready:\n${output}`)));
    });
  }, 300_000);

  afterAll(async () => {
    // After a failed test, no child may outlive the run.
    if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
      const pids = existsSync(fleetFile()) ? readFleet() : undefined;
      launcher.kill('SIGKILL');
      for (const pid of [pids?.haproxy.pid, pids?.pgbouncer.pid, ...(pids?.processes.map((p) => p.pid) ?? [])]) {
        if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
      }
    }
    if (database) await adminQuery(inject('pgUrl'), `drop database if exists ${quoteIdent(database)} with (force)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves through HAProxy, and keeps /metrics on each process’s own port', async () => {
    const fleet = readFleet();
    expect(fleet.status).toBe('ready');
    expect(fleet.processes.map((p) => p.port)).toEqual([port + 1, port + 2, port + 3]);
    expect(await status(shop('/api/health'))).toBe(200);
    // The home page is rendered when the storefront is built; without it the API answers 404.
    expect(await status(shop('/'))).toBe(existsSync(path.join(repo, 'apps/web/dist/index.html')) ? 200 : 404);
    expect(await status(shop('/metrics'))).toBe(404);
    expect(await status(`http://127.0.0.1:${fleet.processes[0]!.port}/metrics`)).toBe(200);
  }, 120_000);

  it('routes around a killed process and starts it again', async () => {
    const killed = readFleet().processes[1]!;
    process.kill(killed.pid!, 'SIGKILL');
    const deadline = Date.now() + 10_000;
    let replaced: FleetRecord['processes'][number] | undefined;
    while (Date.now() < deadline) {
      // One request at a time: none is in flight on the process when it dies, so each must succeed.
      expect(await status(shop('/api/health'))).toBe(200);
      const now = readFleet().processes[1]!;
      if (now.pid && now.pid !== killed.pid && isAlive(now.pid)) {
        replaced = now;
        break;
      }
      await sleep(100);
    }
    expect(replaced, `no new process 2 within 10 s:\n${output}`).toBeDefined();
    expect(replaced!.restarts).toBe(killed.restarts + 1);
    // The new process becomes ready, and HAProxy goes on answering meanwhile.
    const readyBy = Date.now() + 60_000;
    while ((await status(`http://127.0.0.1:${replaced!.port}/api/ready`).catch(() => 0)) !== 200) {
      expect(Date.now()).toBeLessThan(readyBy);
      expect(await status(shop('/api/health'))).toBe(200);
      await sleep(250);
    }
  }, 120_000);

  it('shows a catalog change made on one process on every process within the back office’s 10 s', async () => {
    const { processes } = readFleet();
    const [first] = (await (await fetch(shop('/api/product?pageSize=1'))).json() as { data: { _id: string }[] }).data;
    const priceOn = async (processPort: number) =>
      ((await (await fetch(`http://127.0.0.1:${processPort}/api/product/${first!._id}`)).json()) as { data: { price: number } }).data.price;
    // Every process has the answer cached.
    const before = await Promise.all(processes.map((p) => priceOn(p.port)));
    expect(new Set(before).size).toBe(1);
    // A write as the back office makes it: the row and the catalog's version in one transaction,
    // on the server itself (a process's own connection would do the same through PgBouncer).
    const direct = await openDatabase({ kind: 'postgres', url: databaseUrl(inject('pgUrl'), database), poolSize: 1 });
    try {
      await direct.db.transaction(async (tx) => {
        await tx.execute(sql`update products set price_cents = price_cents + 7, list_price_cents = null where id = ${first!._id}`);
        await bumpCatalogVersion(tx);
      });
    } finally {
      await direct.close();
    }
    const expected = Math.round(before[0]! * 100 + 7) / 100;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const now = await Promise.all(processes.map((p) => priceOn(p.port)));
      if (now.every((price) => price === expected)) break;
      expect(Date.now(), `prices ${now.join(', ')}, expected ${expected}`).toBeLessThan(deadline);
      await sleep(200);
    }
  }, 60_000);

  it('restarts the processes one at a time (npm run fleet -- --restart) without dropping a request', async () => {
    const before = readFleet().processes.map((p) => p.pid);
    let sending = true;
    const failures: string[] = [];
    let answered = 0;
    const shopper = async () => {
      while (sending) {
        try {
          const code = await status(shop('/api/product?pageSize=5'));
          if (code === 200) answered += 1;
          else failures.push(`status ${code}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const shoppers = Promise.all(Array.from({ length: 4 }, shopper));
    const restart = spawn(process.execPath, [launcherScript, '--restart'], { cwd: repo, env: { ...process.env, DATA_DIR: dataDir } });
    let restartOutput = '';
    restart.stdout.setEncoding('utf8').on('data', (chunk: string) => (restartOutput += chunk));
    restart.stderr.setEncoding('utf8').on('data', (chunk: string) => (restartOutput += chunk));
    const code = await new Promise<number | null>((resolve) => restart.once('exit', resolve));
    sending = false;
    await shoppers;
    expect(code, restartOutput).toBe(0);
    const after = readFleet().processes.map((p) => p.pid);
    // Every process was replaced, and every request meanwhile was answered.
    expect(after.every((pid, i) => pid !== before[i] && isAlive(pid))).toBe(true);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(0);
  }, 180_000);

  it('stops every child on SIGTERM', async () => {
    const fleet = readFleet();
    const pids = [fleet.haproxy.pid, fleet.pgbouncer.pid, ...fleet.processes.map((p) => p.pid)];
    expect(pids.every(isAlive)).toBe(true);
    const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
    launcher!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(readFleet().status).toBe('stopped');
  }, 120_000);
});
