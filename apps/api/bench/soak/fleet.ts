// The shop under soak: the fleet (`node scripts/fleet/fleet.mjs`, decision 0061) or, while
// developing, one built server process; and what the soak does to it (kills, PgBouncer restart).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { API_ROOT } from '../../src/paths';

/** `FLEET_DIR/fleet.json`, as far as the soak reads it. */
export interface FleetState {
  launcherPid: number;
  port: number;
  haproxy?: { pid: number };
  pgbouncer?: { pid: number; port: number };
  processes: { index: number; pid: number; port: number; restarts?: number }[];
}

export interface Shop {
  /** Where shoppers send requests: HAProxy, or the one process. */
  url: string;
  mode: 'fleet' | 'single';
  /** The state now (fleet.json; in single mode, the one process). */
  state(): Promise<FleetState>;
  /** Pids whose CPU counts as the shop's (launcher, HAProxy, PgBouncer, API processes). */
  pids(): Promise<number[]>;
  /** SIGTERM, then wait for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  /** Whether the launcher (or the one process) is still running. */
  running(): boolean;
}

const REPO_ROOT = path.resolve(API_ROOT, '..', '..');

/**
 * The settings a measured fleet gets (the soak, bench/fleet.ts): its database, ports and folders,
 * a secret of its own, no per-address limits (every simulated shopper comes from 127.0.0.1), no
 * backups, and only warnings logged.
 */
export function measuredFleetEnv(options: { databaseUrl: string; port: number; pgbouncerPort: number; dataDir: string; fleetDir: string }): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    PGBOUNCER_PORT: String(options.pgbouncerPort),
    DATA_DIR: options.dataDir,
    FLEET_DIR: options.fleetDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SIGNUP_LIMIT: '0',
    GUEST_CART_LIMIT: '0',
    LOG_LEVEL: 'warn',
    BACKUP_INTERVAL_HOURS: '0',
  };
}

async function ready(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function readFleetState(fleetDir: string): Promise<FleetState | undefined> {
  try {
    return JSON.parse(await readFile(path.join(fleetDir, 'fleet.json'), 'utf8')) as FleetState;
  } catch {
    return undefined;
  }
}

function watchExit(child: ChildProcess): { exited: () => boolean; done: Promise<void> } {
  let exited = false;
  const done = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  return { exited: () => exited, done };
}

function stopper(child: ChildProcess, watch: { exited: () => boolean; done: Promise<void> }) {
  return async (graceMs = 30_000) => {
    if (watch.exited()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await watch.done;
    clearTimeout(timer);
  };
}

/**
 * Starts `node scripts/fleet/fleet.mjs --processes N` with `env` and waits until HAProxy answers
 * `/api/ready` 200 and fleet.json lists N processes each ready on its own port.
 */
export async function startFleet(processes: number, env: NodeJS.ProcessEnv, fleetDir: string, port: number, log: (line: string) => void): Promise<Shop> {
  const launcher = path.join(REPO_ROOT, 'scripts', 'fleet', 'fleet.mjs');
  const child = spawn(process.execPath, [launcher, '--processes', String(processes)], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const watch = watchExit(child);
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 200) stderr.shift();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (watch.exited()) throw new Error(`the fleet launcher exited before the fleet was ready:\n${stderr.join('').slice(-3000)}`);
    if (Date.now() > deadline) {
      await stopper(child, watch)(5_000);
      throw new Error(`the fleet was not ready within 120 s:\n${stderr.join('').slice(-3000)}`);
    }
    const state = await readFleetState(fleetDir);
    if (state && state.processes.length === processes && (await ready(url))) {
      const each = await Promise.all(state.processes.map((p) => ready(`http://127.0.0.1:${p.port}`)));
      if (each.every(Boolean)) break;
    }
    await sleep(250);
  }
  log(`  fleet ready: ${processes} API processes behind HAProxy on ${url}`);
  const state = async () => {
    const read = await readFleetState(fleetDir);
    if (!read) throw new Error('fleet.json could not be read');
    return read;
  };
  return {
    url,
    mode: 'fleet',
    state,
    pids: async () => {
      const s = await state();
      return [s.launcherPid, s.haproxy?.pid, s.pgbouncer?.pid, ...s.processes.map((p) => p.pid)].filter((pid): pid is number => typeof pid === 'number');
    },
    stop: stopper(child, watch),
    running: () => !watch.exited(),
  };
}

/** One built server process on `port` (development of the soak without the launcher). */
export async function startSingle(env: NodeJS.ProcessEnv, port: number, log: (line: string) => void): Promise<Shop> {
  const child = spawn(process.execPath, [path.join(API_ROOT, 'dist', 'server.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const watch = watchExit(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (!(await ready(url))) {
    if (watch.exited()) throw new Error('the server exited before it was ready');
    if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
    await sleep(250);
  }
  log(`  one API process ready on ${url} (single mode: no HAProxy, no PgBouncer, no kills)`);
  const state = (): Promise<FleetState> => Promise.resolve({ launcherPid: child.pid!, port, processes: [{ index: 1, pid: child.pid!, port }] });
  return { url, mode: 'single', state, pids: () => Promise.resolve([child.pid!]), stop: stopper(child, watch), running: () => !watch.exited() };
}

/**
 * Kills one API process, chosen at random, with SIGKILL; answers its index and pid, and a
 * promise of when its successor is ready on its own port (the launcher restarts it).
 */
export async function killRandomProcess(shop: Shop): Promise<{ index: number; pid: number; back: Promise<{ pid: number } | undefined> }> {
  const state = await shop.state();
  const victim = state.processes[Math.floor(Math.random() * state.processes.length)];
  if (!victim) throw new Error('fleet.json lists no API process');
  process.kill(victim.pid, 'SIGKILL');
  const back = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      await sleep(100);
      const now = (await shop.state().catch(() => undefined))?.processes.find((p) => p.index === victim.index);
      if (now && now.pid !== victim.pid && (await ready(`http://127.0.0.1:${now.port}`))) return { pid: now.pid };
    }
    return undefined;
  })();
  return { index: victim.index, pid: victim.pid, back };
}

/** Asks the launcher to restart PgBouncer (SIGUSR1); answers the old pid and a promise of the new one. */
export async function restartPgBouncer(shop: Shop): Promise<{ pid: number; back: Promise<{ pid: number } | undefined> }> {
  const state = await shop.state();
  const pid = state.pgbouncer?.pid ?? 0;
  process.kill(state.launcherPid, 'SIGUSR1');
  const back = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      await sleep(100);
      const now = (await shop.state().catch(() => undefined))?.pgbouncer?.pid;
      if (now && now !== pid) return { pid: now };
    }
    return undefined;
  })();
  return { pid, back };
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first `from + k·step` (k = 0, 1, …) where `count` ports in a row are free now. */
export async function freePorts(from: number, count: number, step = 10): Promise<number> {
  for (let base = from; base + count < 65_536; base += step) {
    let free = true;
    for (let port = base; port < base + count && free; port += 1) free = await portFree(port);
    if (free) return base;
  }
  throw new Error(`no ${count} free ports in a row from ${from}`);
}
