// The shop as a fleet (issue #37, docs/decisions/0061-fleet.md): PgBouncer, N API processes and
// HAProxy on one machine, started, watched and stopped by this one foreground process.
//
//   npm run fleet -- [--processes N]   start the fleet (default 3 processes) and stay in the foreground
//   npm run fleet -- --restart         rolling restart of the running fleet's API processes
//   npm run fleet -- --status          one screen per process: up, requests/s, p95, errors, pool
//
// Plain Node, no build step. The launcher opens no TCP port: it only connects to its children.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_JS = path.join(ROOT, 'apps/api/dist/server.js');
const TEMPLATES = path.join(ROOT, 'deploy');

/** A process that lived less than this was dying at once: its next start backs off. */
const QUICK_DEATH_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 5_000;
/** Process 1 may migrate and load the demo catalog into a new database before it is ready. */
const READY_TIMEOUT_MS = 180_000;
/** HAProxy's `inter 500ms rise 2`, and a margin: how long a ready process may take to be seen up. */
const HAPROXY_RISE_MS = 1_500;

// ---------------------------------------------------------------------------------------------
// Small helpers

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} message */
function say(message) {
  console.log(`fleet: ${message}`);
}

/**
 * Prints what went wrong and what to do, and exits 1.
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`fleet: ${message}`);
  process.exit(1);
}

/**
 * Whether a process with this id exists (signal 0 checks without sending).
 * @param {number | null | undefined} pid
 */
function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * The first of these names found on PATH or in the sbin folders (a non-root PATH often lacks them).
 * @param {string} name
 */
function findProgram(name) {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const folder of folders) {
    if (!folder) continue;
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/**
 * Writes a file whole or not at all: a reader sees the old content or the new, never half.
 * @param {string} file
 * @param {string} content
 * @param {number} [mode]
 */
function writeAtomically(file, content, mode = 0o644) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode });
  renameSync(temporary, file);
}

/**
 * Fills `{{NAME}}` placeholders; a placeholder without a value is an error, not an empty string.
 * @param {string} template
 * @param {Record<string, string>} values
 */
function fillTemplate(template, values) {
  return template.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_match, /** @type {string} */ name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The template needs a value for {{${name}}}`);
    return value;
  });
}

/**
 * A value of PgBouncer's [databases] lines in single quotes; PgBouncer's parser takes a quote
 * inside as two quotes (not libpq's backslash).
 * @param {string} value
 */
function quoteConnValue(value) {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Host, port, user, password, database and sslmode of a postgres:// URL.
 * @param {string} url
 */
function parseDatabaseUrl(url) {
  /** @type {URL} */
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('DATABASE_URL is not a URL: expected postgres://user[:password]@host[:port]/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  const user = decodeURIComponent(parsed.username) || os.userInfo().username;
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || user;
  // PgBouncer's [databases] keys and the names in its lines are not quoted: keep them plain.
  for (const [what, value] of [['database name', database], ['user name', user]]) {
    if (!/^[A-Za-z0-9_.-]+$/.test(value)) throw new Error(`DATABASE_URL's ${what} "${value}" has characters PgBouncer's configuration cannot hold (letters, digits, _ . - only)`);
  }
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(parsed.port || 5432),
    user,
    password: parsed.password ? decodeURIComponent(parsed.password) : '',
    database,
    sslmode: parsed.searchParams.get('sslmode') ?? 'disable',
  };
}

// ---------------------------------------------------------------------------------------------
// Settings

/** @param {string | undefined} value @param {number} fallback @param {string} name */
function portSetting(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`${name} must be a port number from 1 to 65535`);
  return port;
}

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR || './data');
const fleetDir = path.resolve(env.FLEET_DIR || path.join(dataDir, 'fleet'));
const fleetFile = path.join(fleetDir, 'fleet.json');
const haproxySocket = path.join(fleetDir, 'haproxy.sock');

// ---------------------------------------------------------------------------------------------
// Prometheus text, for --status

/**
 * @typedef {{ name: string, labels: Record<string, string>, value: number }} Sample
 */

/**
 * The samples of a Prometheus text exposition (comments and malformed lines skipped).
 * @param {string} text
 * @returns {Sample[]}
 */
function parseMetrics(text) {
  /** @type {Sample[]} */
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    /** @type {Record<string, string>} */
    const labels = {};
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
    for (const label of (match[2] ?? '').matchAll(labelPattern)) {
      labels[label[1]] = label[2].replace(/\\(.)/g, (_m, /** @type {string} */ c) => (c === 'n' ? '\n' : c));
    }
    const value = Number(match[3]);
    if (!Number.isNaN(value)) samples.push({ name: match[1], labels, value });
  }
  return samples;
}

/**
 * The sum of a series' samples, optionally only those whose labels pass `keep`; undefined when
 * the series is absent.
 * @param {Sample[]} samples @param {string} name @param {(labels: Record<string, string>) => boolean} [keep]
 */
function total(samples, name, keep = () => true) {
  const found = samples.filter((sample) => sample.name === name && keep(sample.labels));
  return found.length ? found.reduce((sum, sample) => sum + sample.value, 0) : undefined;
}

/**
 * The cumulative bucket counts of a histogram, summed over its series (those `keep` passes), by
 * upper bound.
 * @param {Sample[]} samples @param {string} name @param {(labels: Record<string, string>) => boolean} [keep]
 * @returns {Map<number, number>}
 */
function buckets(samples, name, keep = () => true) {
  /** @type {Map<number, number>} */
  const byBound = new Map();
  for (const sample of samples) {
    if (sample.name !== `${name}_bucket` || !keep(sample.labels)) continue;
    const bound = sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le);
    byBound.set(bound, (byBound.get(bound) ?? 0) + sample.value);
  }
  return byBound;
}

/**
 * A quantile of cumulative bucket counts, interpolated inside its bucket as Prometheus's
 * histogram_quantile does; undefined with no observations.
 * @param {Map<number, number>} cumulative @param {number} q
 */
function quantile(cumulative, q) {
  const bounds = [...cumulative.keys()].sort((a, b) => a - b);
  const count = cumulative.get(Infinity) ?? (bounds.length ? cumulative.get(bounds[bounds.length - 1]) : 0) ?? 0;
  if (!count) return undefined;
  const rank = q * count;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const bound of bounds) {
    const upTo = cumulative.get(bound) ?? 0;
    if (upTo >= rank) {
      if (bound === Infinity) return lowerBound;
      return lowerBound + ((bound - lowerBound) * (rank - lowerCount)) / Math.max(upTo - lowerCount, 1e-9);
    }
    lowerBound = bound;
    lowerCount = upTo;
  }
  return lowerBound;
}

/** @param {Map<number, number>} later @param {Map<number, number>} earlier */
function bucketDelta(later, earlier) {
  return new Map([...later].map(([bound, count]) => [bound, count - (earlier.get(bound) ?? 0)]));
}

// ---------------------------------------------------------------------------------------------
// HAProxy's stats socket

/**
 * HAProxy's view of each API process (`api1` → `UP`, `DOWN`, `MAINT`…), from `show stat` on its
 * local socket; empty when HAProxy does not answer.
 * @returns {Promise<Map<string, string>>}
 */
async function haproxyServerStates() {
  /** @type {Map<string, string>} */
  const states = new Map();
  if (!existsSync(haproxySocket)) return states;
  const text = await new Promise((resolve) => {
    let received = '';
    const socket = net.createConnection(haproxySocket);
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('connect', () => socket.end('show stat\n'));
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(''));
  });
  const [header, ...rows] = /** @type {string} */ (text).split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const nameAt = columns.indexOf('svname');
  const proxyAt = columns.indexOf('pxname');
  const statusAt = columns.indexOf('status');
  for (const row of rows) {
    const fields = row.split(',');
    if (fields[proxyAt] === 'api' && fields[nameAt]?.startsWith('api')) states.set(fields[nameAt], fields[statusAt] ?? '?');
  }
  return states;
}

// ---------------------------------------------------------------------------------------------
// HTTP probes (the launcher is a client only)

/**
 * `GET /api/ready` of a process: 'ready', the 503's status ('starting', 'draining', …) or 'down'.
 * @param {number} port
 */
async function readiness(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(2_000) });
    if (response.status === 200) return 'ready';
    const body = /** @type {{ status?: string }} */ (await response.json().catch(() => ({})));
    return body.status ?? `http ${response.status}`;
  } catch {
    return 'down';
  }
}

/**
 * Whether something accepts TCP connections on 127.0.0.1:port.
 * @param {number} port
 */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

// ---------------------------------------------------------------------------------------------
// --status and --restart: talk to a running fleet through fleet.json

/**
 * @typedef {{ index: number, pid: number | null, port: number, startedAt: string | null, restarts: number }} ProcessRecord
 * @typedef {{ launcherPid: number, port: number, startedAt: string, status: string, fleetDir: string,
 *   haproxy: { pid: number | null }, pgbouncer: { pid: number | null, port: number },
 *   processes: ProcessRecord[] }} FleetRecord
 */

/** @returns {FleetRecord} */
function readRunningFleet() {
  if (!existsSync(fleetFile)) fail(`no fleet.json in ${fleetDir}: start the fleet with \`npm run fleet\` (with the same DATA_DIR or FLEET_DIR)`);
  const record = /** @type {FleetRecord} */ (JSON.parse(readFileSync(fleetFile, 'utf8')));
  if (!alive(record.launcherPid)) fail(`the fleet of ${fleetFile} is not running (its launcher, pid ${record.launcherPid}, is gone)`);
  return record;
}

/** @param {number} ms */
function duration(ms) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;
}

/** @param {number | undefined} seconds */
function milliseconds(seconds) {
  return seconds === undefined ? '-' : `${seconds < 0.01 ? (seconds * 1000).toFixed(1) : Math.round(seconds * 1000)} ms`;
}

/**
 * A process's /metrics as samples, or why there are none.
 * @param {number} port
 * @returns {Promise<{ samples: Sample[], at: number } | { missing: string }>}
 */
async function scrape(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2_000) });
    if (response.status !== 200) return { missing: `/metrics answered ${response.status}` };
    return { samples: parseMetrics(await response.text()), at: performance.now() };
  } catch {
    return { missing: 'no answer' };
  }
}

/**
 * The requests --status counts: the shop's own, not HAProxy's checks of /api/ready (two a second
 * per process) nor the scrapes of /metrics.
 * @param {Record<string, string>} labels
 */
const served = (labels) => labels.route !== '/api/ready' && labels.route !== '/metrics';

async function printStatus() {
  const fleet = readRunningFleet();
  const processes = fleet.processes;
  const first = await Promise.all(processes.map((p) => scrape(p.port)));
  await sleep(1_000);
  const [second, states, ready] = await Promise.all([
    Promise.all(processes.map((p) => scrape(p.port))),
    haproxyServerStates(),
    Promise.all(processes.map((p) => readiness(p.port))),
  ]);

  const now = Date.now();
  console.log(
    `fleet: launcher pid ${fleet.launcherPid}, ${fleet.status}, on http://127.0.0.1:${fleet.port} for ${duration(now - Date.parse(fleet.startedAt))}; ` +
      `haproxy pid ${fleet.haproxy.pid ?? '-'} (${alive(fleet.haproxy.pid) ? 'up' : 'down'}), ` +
      `pgbouncer pid ${fleet.pgbouncer.pid ?? '-'} on :${fleet.pgbouncer.port} (${alive(fleet.pgbouncer.pid) ? 'up' : 'down'})`,
  );
  /** @type {string[][]} */
  const table = [['process', 'pid', 'port', 'ready', 'haproxy', 'up for', 'restarts', 'req/s', 'p95 (1 s)', 'p95 (all)', '5xx (1 s / all)', 'pool in use/idle/waiting']];
  /** @type {Set<string>} */
  const notes = new Set();
  processes.forEach((p, i) => {
    const a = first[i];
    const b = second[i];
    const row = [
      `api-${p.index}`,
      String(p.pid ?? '-'),
      String(p.port),
      ready[i],
      states.get(`api${p.index}`) ?? '?',
      p.startedAt && alive(p.pid) ? duration(now - Date.parse(p.startedAt)) : '-',
      String(p.restarts),
    ];
    if ('missing' in b || 'missing' in a) {
      notes.add(`api-${p.index}: no metrics (${'missing' in b ? b.missing : 'missing' in a ? a.missing : ''})`);
      table.push([...row, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a']);
      return;
    }
    const seconds = (b.at - a.at) / 1000;
    const requests = 'dukkan_http_requests_total';
    const isError = (/** @type {Record<string, string>} */ labels) => served(labels) && Number(labels.status) >= 500;
    const before = total(a.samples, requests, served);
    const after = total(b.samples, requests, served);
    const errorsBefore = total(a.samples, requests, isError) ?? 0;
    const errorsAfter = total(b.samples, requests, isError) ?? 0;
    const histogram = 'dukkan_http_request_duration_seconds';
    const all = buckets(b.samples, histogram, served);
    const windowed = bucketDelta(all, buckets(a.samples, histogram, served));
    const pool = (/** @type {string} */ state) => total(b.samples, 'dukkan_db_pool_connections', (labels) => labels.state === state);
    const inUse = pool('in_use');
    if (after === undefined) notes.add(`${requests} is not among the metrics yet`);
    if (!all.size) notes.add(`${histogram} has no samples yet`);
    if (inUse === undefined) notes.add('dukkan_db_pool_connections is not among the metrics yet');
    table.push([
      ...row,
      after === undefined || before === undefined ? 'n/a' : ((after - before) / seconds).toFixed(1),
      all.size ? milliseconds(quantile(windowed, 0.95)) : 'n/a',
      all.size ? milliseconds(quantile(all, 0.95)) : 'n/a',
      after === undefined ? 'n/a' : `${((errorsAfter - errorsBefore) / seconds).toFixed(1)}/s / ${errorsAfter}`,
      inUse === undefined ? 'n/a' : `${inUse}/${pool('idle') ?? '-'}/${pool('waiting') ?? '-'}`,
    ]);
  });
  const widths = table[0].map((_h, column) => Math.max(...table.map((row) => row[column].length)));
  for (const row of table) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd());
  console.log('req/s, p95 and 5xx count the shop\'s requests, not the checks of /api/ready nor /metrics; p95 (1 s) is "-" when none came.');
  for (const note of notes) console.log(`note: ${note}`);
}

async function requestRollingRestart() {
  const fleet = readRunningFleet();
  const before = new Map(fleet.processes.map((p) => [p.index, p.pid]));
  process.kill(fleet.launcherPid, 'SIGUSR2');
  say(`asked the launcher (pid ${fleet.launcherPid}) for a rolling restart of ${before.size} processes`);
  const drainMs = Number(env.DRAIN_DELAY_MS ?? 3000) + 10_000;
  const deadline = Date.now() + before.size * (drainMs + READY_TIMEOUT_MS);
  /** @type {Set<number>} */
  const reported = new Set();
  // The launcher says `restarting` while it works through the processes, `ready` again after.
  let begun = false;
  while (Date.now() < deadline) {
    await sleep(250);
    /** @type {FleetRecord} */
    let now;
    try {
      now = JSON.parse(readFileSync(fleetFile, 'utf8'));
    } catch {
      continue;
    }
    for (const p of now.processes) {
      if (p.pid && p.pid !== before.get(p.index) && !reported.has(p.index) && (await readiness(p.port)) === 'ready') {
        reported.add(p.index);
        say(`api-${p.index} restarted: pid ${before.get(p.index)} → ${p.pid}, ready`);
      }
    }
    if (now.status === 'stopped' || !alive(now.launcherPid)) fail('the launcher stopped during the restart');
    if (now.status === 'restarting') begun = true;
    if (now.status !== 'ready' || (!begun && reported.size < before.size)) continue;
    if (reported.size === before.size) {
      say('rolling restart done');
      return;
    }
    fail(`the rolling restart stopped before ${[...before.keys()].filter((index) => !reported.has(index)).map((index) => `api-${index}`).join(', ')}: see the launcher's output`);
  }
  fail('the rolling restart did not finish in time: see the launcher output');
}

// ---------------------------------------------------------------------------------------------
// The launcher

/**
 * @typedef {{ name: string, child: import('node:child_process').ChildProcess | null, startedAt: number,
 *   restarts: number, delay: number, expectingExit: boolean, restartTimer: NodeJS.Timeout | null,
 *   start: () => import('node:child_process').ChildProcess, onExit: (() => void)[] }} Supervised
 */

/**
 * Passes a child's output on: every line into FLEET_DIR/<name>.log, and the lines worth a look
 * on the launcher's stdout with a `[name]` prefix.
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} name
 * @param {(line: string) => string | undefined} shown what to print of a line, or undefined to keep it in the file only
 */
function pipeOutput(child, name, shown) {
  const file = createWriteStream(path.join(fleetDir, `${name}.log`), { flags: 'a' });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let rest = '';
    stream.on('data', (/** @type {Buffer} */ chunk) => {
      file.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const text = line.trim() ? shown(line) : undefined;
        if (text !== undefined) console.log(`[${name}] ${text}`);
      }
    });
  }
  child.on('close', () => file.end());
}

const PINO_LEVELS = /** @type {Record<number, string>} */ ({ 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' });

/**
 * An API process's JSON log line as one short line: warnings and errors always, and the messages
 * that are not about one request (start, migrations, shutdown); requests stay in the file.
 * @param {string} line
 */
function apiLine(line) {
  /** @type {{ level?: number, msg?: string, reqId?: string, err?: { message?: string } }} */
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const level = entry.level ?? 30;
  if (level < 30 || (level < 40 && entry.reqId)) return undefined;
  const error = entry.err?.message ? ` (${entry.err.message})` : '';
  // One line each (a failed query's message holds its SQL): the whole entry is in the file.
  const text = `${entry.msg ?? ''}${error}`.replace(/\s+/g, ' ');
  return `${PINO_LEVELS[level] ?? level}: ${text.length > 240 ? `${text.slice(0, 240)}…` : text}`;
}

/**
 * The children of a launcher that was killed (SIGKILL leaves them running, holding their ports):
 * stopped before a new fleet starts, each only if it is still the program fleet.json names.
 * @param {FleetRecord} previous
 */
async function stopLeftovers(previous) {
  const pids = [previous.haproxy?.pid, ...(previous.processes ?? []).map((p) => p.pid), previous.pgbouncer?.pid];
  for (const pid of pids) {
    if (!alive(pid)) continue;
    let commandLine = '';
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    if (!/haproxy|pgbouncer/.test(commandLine) && !commandLine.includes(SERVER_JS)) continue;
    say(`stopping pid ${pid} (${commandLine.trim()}), left running by the launcher ${previous.launcherPid}, which is gone`);
    process.kill(/** @type {number} */ (pid), 'SIGTERM');
    for (let waited = 0; waited < 15_000 && alive(pid); waited += 100) await sleep(100);
    if (alive(pid)) process.kill(/** @type {number} */ (pid), 'SIGKILL');
  }
}

async function launch(/** @type {number} */ count) {
  // What the fleet needs, each with what to do when it is missing.
  const haproxyBin = findProgram('haproxy');
  const pgbouncerBin = findProgram('pgbouncer');
  const missing = [];
  if (!haproxyBin || !pgbouncerBin) missing.push(`${[!haproxyBin && 'haproxy', !pgbouncerBin && 'pgbouncer'].filter(Boolean).join(' and ')} not found: apt-get install -y haproxy pgbouncer`);
  if (!env.DATABASE_URL) missing.push('DATABASE_URL is not set: the fleet needs a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/dukkan');
  if (!existsSync(SERVER_JS)) missing.push(`${path.relative(process.cwd(), SERVER_JS)} does not exist: npm run build`);
  if (missing.length) fail(`cannot start:\n  - ${missing.join('\n  - ')}`);
  if (!env.REDIS_URL) say('REDIS_URL is not set: each process counts failed sign-ins and sign-ups on its own (set it to share them)');

  /** @type {ReturnType<typeof parseDatabaseUrl>} */
  let server;
  try {
    server = parseDatabaseUrl(/** @type {string} */ (env.DATABASE_URL));
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
  }
  const port = portSetting(env.PORT, 3000, 'PORT');
  const pgbouncerPort = portSetting(env.PGBOUNCER_PORT, 6432, 'PGBOUNCER_PORT');
  const bind = env.HOST || '127.0.0.1';
  const drainDelayMs = env.DRAIN_DELAY_MS ?? '3000';
  const publicUrl = env.PUBLIC_URL || `http://${bind === '0.0.0.0' || bind === '::' ? '127.0.0.1' : bind.includes(':') ? `[${bind}]` : bind}:${port}`;
  const processPorts = Array.from({ length: count }, (_v, i) => port + i + 1);
  if (processPorts.at(-1) > 65535) fail(`PORT ${port} leaves no room for ${count} process ports above it`);
  if (processPorts.includes(pgbouncerPort) || pgbouncerPort === port) fail(`PGBOUNCER_PORT ${pgbouncerPort} clashes with PORT ${port} or a process port (${processPorts[0]}–${processPorts.at(-1)})`);

  mkdirSync(fleetDir, { recursive: true });
  if (existsSync(fleetFile)) {
    /** @type {FleetRecord | undefined} */
    let previous;
    try {
      previous = JSON.parse(readFileSync(fleetFile, 'utf8'));
    } catch {
      // An unreadable fleet.json is rewritten below.
    }
    if (previous && alive(previous.launcherPid) && previous.status !== 'stopped') {
      fail(`a fleet is already running from ${fleetDir} (launcher pid ${previous.launcherPid}): stop it first, or use another FLEET_DIR`);
    }
    if (previous) await stopLeftovers(previous);
  }

  // PgBouncer refuses to run as root: started as root, it becomes `postgres` after reading its
  // files (its `user` setting), so the files it reads again later must be that user's.
  const asRoot = process.getuid?.() === 0;
  const unixUser = asRoot ? (env.PGBOUNCER_USER || 'postgres') : os.userInfo().username;
  /** @type {{ uid: number, gid: number } | undefined} */
  let owner;
  if (asRoot) {
    const id = spawnSync('id', ['-u', unixUser], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', unixUser], { encoding: 'utf8' });
    if (id.status !== 0) fail(`PgBouncer refuses to run as root and there is no user "${unixUser}" to run it as: set PGBOUNCER_USER to an existing user`);
    owner = { uid: Number(id.stdout.trim()), gid: Number(group.stdout.trim()) };
  }
  const secret = (/** @type {string} */ file, /** @type {string} */ content) => {
    writeAtomically(file, content, 0o600);
    if (owner) chownSync(file, owner.uid, owner.gid);
  };

  secret(path.join(fleetDir, 'userlist.txt'), `"${server.user.replace(/"/g, '""')}" "${server.password.replace(/"/g, '""')}"\n`);
  secret(
    path.join(fleetDir, 'pgbouncer.ini'),
    fillTemplate(readFileSync(path.join(TEMPLATES, 'pgbouncer.ini.template'), 'utf8'), {
      DB_NAME: server.database,
      DB_HOST: server.host,
      DB_PORT: String(server.port),
      DB_USER: server.user,
      DB_PASSWORD_PARAM: server.password ? ` password=${quoteConnValue(server.password)}` : '',
      LISTEN_ADDR: '127.0.0.1',
      PGBOUNCER_PORT: String(pgbouncerPort),
      UNIX_USER: unixUser,
      AUTH_TYPE: server.password ? 'scram-sha-256' : 'trust',
      FLEET_DIR: fleetDir,
      SERVER_TLS_SSLMODE: server.sslmode,
    }),
  );
  writeAtomically(
    path.join(fleetDir, 'haproxy.cfg'),
    fillTemplate(readFileSync(path.join(TEMPLATES, 'haproxy.cfg.template'), 'utf8'), {
      BIND: bind.includes(':') ? `[${bind}]` : bind,
      PORT: String(port),
      FLEET_DIR: fleetDir,
      SERVERS: processPorts.map((p, i) => `    server api${i + 1} 127.0.0.1:${p} check`).join('\n'),
    }),
  );
  const checked = spawnSync(/** @type {string} */ (haproxyBin), ['-c', '-q', '-f', path.join(fleetDir, 'haproxy.cfg')], { encoding: 'utf8' });
  if (checked.status !== 0) fail(`HAProxy rejects ${path.join(fleetDir, 'haproxy.cfg')}:\n${checked.stdout}${checked.stderr}`);

  const pooled = new URL(/** @type {string} */ (env.DATABASE_URL));
  pooled.hostname = '127.0.0.1';
  pooled.port = String(pgbouncerPort);
  pooled.search = '';

  // ---- State, and fleet.json

  /** @type {'starting' | 'ready' | 'restarting' | 'stopping' | 'stopped'} */
  let status = 'starting';
  const startedAt = new Date().toISOString();

  /** @type {Supervised[]} */
  const apis = [];
  /** @type {Supervised} */
  let pgbouncer;
  /** @type {Supervised} */
  let haproxy;

  const pidOf = (/** @type {Supervised | undefined} */ s) => (s?.child && s.child.exitCode === null && s.child.signalCode === null ? (s.child.pid ?? null) : null);
  const record = () => {
    /** @type {FleetRecord} */
    const fleet = {
      launcherPid: process.pid,
      port,
      startedAt,
      status,
      fleetDir,
      haproxy: { pid: pidOf(haproxy) },
      pgbouncer: { pid: pidOf(pgbouncer), port: pgbouncerPort },
      processes: apis.map((api, i) => ({
        index: i + 1,
        pid: pidOf(api),
        port: processPorts[i],
        startedAt: pidOf(api) ? new Date(api.startedAt).toISOString() : null,
        restarts: api.restarts,
      })),
    };
    writeAtomically(fleetFile, `${JSON.stringify(fleet, null, 2)}\n`);
  };

  /** A stop in progress: the launcher starts nothing again. */
  let stopping = false;

  /**
   * Runs a child, writes fleet.json when it starts and exits, and starts it again when it exits
   * unasked (after 500 ms, doubling up to 5 s while it keeps dying within 10 s of its start).
   * @param {string} name @param {() => import('node:child_process').ChildProcess} start
   * @returns {Supervised}
   */
  const supervise = (name, start) => {
    /** @type {Supervised} */
    const s = { name, child: null, startedAt: 0, restarts: 0, delay: FIRST_RESTART_DELAY_MS, expectingExit: false, restartTimer: null, start: () => run(), onExit: [] };
    const run = () => {
      s.expectingExit = false;
      s.startedAt = Date.now();
      const child = start();
      s.child = child;
      child.on('error', (error) => say(`${name}: ${error.message}`));
      child.on('exit', (code, signal) => {
        const lived = Date.now() - s.startedAt;
        const waiting = s.onExit.splice(0);
        const asked = s.expectingExit || stopping;
        if (!asked) say(`${name} (pid ${child.pid}) exited unasked (${signal ?? `code ${code}`}) after ${duration(lived)}`);
        record();
        for (const resolve of waiting) resolve();
        if (asked) return;
        if (status === 'starting') return; // The start-up gives up by itself (see waitFor).
        // 500 ms after a process that ran a while; doubling up to 5 s while it keeps dying at once.
        const quick = lived < QUICK_DEATH_MS;
        const delay = quick ? s.delay : FIRST_RESTART_DELAY_MS;
        s.delay = quick ? Math.min(s.delay * 2, MAX_RESTART_DELAY_MS) : FIRST_RESTART_DELAY_MS;
        s.restartTimer = setTimeout(() => {
          s.restartTimer = null;
          if (stopping) return;
          s.restarts += 1;
          run();
          say(`${name} started again (pid ${s.child?.pid})`);
        }, delay);
      });
      record();
      return child;
    };
    return s;
  };

  /**
   * Signals a supervised child (unless `signal` is null: it has its signal already) and waits for
   * it to exit; then SIGKILL after `graceMs`.
   * @param {Supervised} s @param {NodeJS.Signals | null} signal @param {number} graceMs
   */
  const stopChild = async (s, signal, graceMs) => {
    s.expectingExit = true;
    if (s.restartTimer) clearTimeout(s.restartTimer);
    s.restartTimer = null;
    const child = s.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => s.onExit.push(() => resolve(undefined)));
    if (signal) child.kill(signal);
    const timer = setTimeout(() => {
      say(`${s.name} (pid ${child.pid}) did not stop within ${duration(graceMs)} of ${signal ?? 'its signal'}: SIGKILL`);
      child.kill('SIGKILL');
    }, graceMs);
    await exited;
    clearTimeout(timer);
  };

  /**
   * Waits until `check` passes, giving up (with the log's tail) when the child exits or time runs out.
   * @param {Supervised} s @param {() => Promise<boolean>} check @param {number} timeoutMs @param {string} what
   */
  const waitFor = async (s, check, timeoutMs, what) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (stopping) throw new Error('stopping');
      if (await check()) return;
      if (status === 'starting' && !pidOf(s)) throw new Error(`${s.name} exited before ${what}: see ${path.join(fleetDir, `${s.name}.log`)}`);
      await sleep(200);
    }
    throw new Error(`${s.name} was not ${what} within ${duration(timeoutMs)}: see ${path.join(fleetDir, `${s.name}.log`)}`);
  };

  const drainMs = Number(drainDelayMs) + 10_000;

  pgbouncer = supervise('pgbouncer', () => {
    // A session of its own (detached): Ctrl-C, which a terminal sends to its whole foreground
    // group, must not stop PgBouncer while the API processes still drain; the launcher stops it last.
    const child = spawn(/** @type {string} */ (pgbouncerBin), [path.join(fleetDir, 'pgbouncer.ini')], { cwd: fleetDir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    pipeOutput(child, 'pgbouncer', (line) => (/ (WARNING|ERROR|FATAL|PANIC) /.test(line) ? line.replace(/^\S+ \S+ \S+ /, '') : undefined));
    return child;
  });
  haproxy = supervise('haproxy', () => {
    // Detached too: on Ctrl-C the launcher stops HAProxy softly (requests in flight finish) rather
    // than the terminal's SIGINT cutting them.
    const child = spawn(/** @type {string} */ (haproxyBin), ['-W', '-db', '-f', path.join(fleetDir, 'haproxy.cfg')], { cwd: fleetDir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    // HAProxy prints only alerts and warnings (a process going down or up): all worth a look.
    pipeOutput(child, 'haproxy', (line) => line);
    return child;
  });
  for (let i = 1; i <= count; i++) {
    const processPort = processPorts[i - 1];
    apis.push(
      supervise(`api-${i}`, () => {
        const child = spawn(process.execPath, [SERVER_JS], {
          cwd: process.cwd(),
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...env,
            PORT: String(processPort),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: pooled.toString(),
            DATABASE_DIRECT_URL: /** @type {string} */ (env.DATABASE_URL),
            DRAIN_DELAY_MS: drainDelayMs,
            FLEET_PROCESS: String(i),
            PUBLIC_URL: publicUrl,
            // HAProxy, on this machine, names the client in X-Forwarded-For: the per-address limits
            // count shoppers, not HAProxy's one address.
            TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1',
            // Two cores shared by the fleet: one render thread per process unless told otherwise.
            SSR_WORKERS: env.SSR_WORKERS ?? '1',
          },
        });
        pipeOutput(child, `api-${i}`, apiLine);
        return child;
      }),
    );
  }

  /** @param {number} i */
  const apiReady = (i) =>
    waitFor(
      apis[i],
      async () => {
        const state = await readiness(processPorts[i]);
        // A build from before decision 0061 answers 404 and would never be ready.
        if (state === 'http 404') throw new Error(`${SERVER_JS} has no GET /api/ready (an older build): npm run build -w apps/api`);
        return state === 'ready';
      },
      READY_TIMEOUT_MS,
      'ready',
    );

  // ---- Rolling restart (SIGUSR2, or `--restart`)

  let restartWanted = false;
  let restarting = false;
  const rollingRestart = async () => {
    if (restarting || status !== 'ready') {
      restartWanted = true;
      return;
    }
    restarting = true;
    status = 'restarting';
    record();
    say(`rolling restart of ${count} processes`);
    try {
      for (let i = 0; i < count && !stopping; i++) {
        const api = apis[i];
        const before = pidOf(api);
        await stopChild(api, 'SIGTERM', drainMs + 2_000);
        if (stopping) break;
        api.restarts += 1;
        api.start();
        await apiReady(i);
        // The next process stops only once HAProxy sends requests to this one again.
        const deadline = Date.now() + 5_000;
        await sleep(500);
        while (Date.now() < deadline && (await haproxyServerStates()).get(`api${i + 1}`)?.startsWith('UP') !== true) await sleep(200);
        if (!existsSync(haproxySocket)) await sleep(HAPROXY_RISE_MS);
        say(`api-${i + 1} restarted (pid ${before} → ${pidOf(api)})`);
      }
      if (!stopping) say('rolling restart done');
    } catch (error) {
      if (!stopping) say(`rolling restart stopped: ${/** @type {Error} */ (error).message}`);
    } finally {
      restarting = false;
      if (!stopping) {
        status = 'ready';
        record();
      }
    }
    if (restartWanted && !stopping) {
      restartWanted = false;
      await rollingRestart();
    }
  };

  // ---- PgBouncer restart (SIGUSR1): for the soak test, and after a change to pgbouncer.ini

  let pgbouncerRestarting = false;
  const restartPgbouncer = async () => {
    if (pgbouncerRestarting || stopping) return;
    pgbouncerRestarting = true;
    try {
      say(`restarting pgbouncer (pid ${pidOf(pgbouncer)}): safe shutdown, then a new one`);
      await stopChild(pgbouncer, 'SIGINT', 15_000);
      if (stopping) return;
      pgbouncer.restarts += 1;
      pgbouncer.start();
      await waitFor(pgbouncer, () => accepts(pgbouncerPort), 15_000, 'listening');
      say(`pgbouncer restarted (pid ${pidOf(pgbouncer)})`);
    } catch (error) {
      say(`pgbouncer restart: ${/** @type {Error} */ (error).message}`);
    } finally {
      pgbouncerRestarting = false;
    }
  };

  // ---- Stopping, in order: HAProxy, the API processes, PgBouncer

  /** @type {Promise<void> | null} */
  let stopped = null;
  const stopAll = (/** @type {string} */ why, exitCode = 0) => {
    if (stopped) return stopped;
    stopping = true;
    status = 'stopping';
    record();
    say(`stopping (${why}): haproxy, then ${count} API processes (draining up to ${duration(drainMs)}), then pgbouncer`);
    stopped = (async () => {
      // HAProxy's soft stop (SIGUSR1): no new connection; requests in flight finish.
      await stopChild(haproxy, 'SIGUSR1', 16_000);
      // Ctrl-C in a terminal reaches every process of the group at once: an API process that is
      // draining already must not get a second signal, which would make it exit without draining.
      await Promise.all(
        apis.map(async (api, i) => {
          const draining = why === 'SIGINT' && (await readiness(processPorts[i])) === 'draining';
          await stopChild(api, draining ? null : 'SIGTERM', drainMs + 2_000);
        }),
      );
      // PgBouncer's safe shutdown: waits for the transactions in flight.
      await stopChild(pgbouncer, 'SIGINT', 10_000);
      status = 'stopped';
      record();
      say('stopped');
      process.exit(exitCode);
    })();
    return stopped;
  };

  let signals = 0;
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      signals += 1;
      if (signals > 1 && signal === 'SIGINT') {
        // A second Ctrl-C: no more waiting.
        say('second Ctrl-C: killing every child now');
        for (const s of [haproxy, ...apis, pgbouncer]) s.child?.kill('SIGKILL');
        process.exit(130);
      }
      void stopAll(signal);
    });
  }
  process.on('SIGUSR2', () => void rollingRestart());
  // A fault of the launcher's own must not leave the fleet running without it.
  process.on('uncaughtException', (error) => {
    console.error(error);
    void stopAll('the launcher failed', 1);
  });
  process.on('SIGUSR1', () => void restartPgbouncer());

  // ---- Start, in order: PgBouncer, process 1 alone, the others, HAProxy

  try {
    say(`starting pgbouncer on 127.0.0.1:${pgbouncerPort} (transaction mode, to ${server.host}:${server.port}/${server.database}), files in ${fleetDir}`);
    pgbouncer.start();
    await waitFor(pgbouncer, () => accepts(pgbouncerPort), 15_000, 'listening');
    say(`starting api-1 on 127.0.0.1:${processPorts[0]} (it migrates the database and loads the demo catalog when it is new)`);
    apis[0].start();
    await apiReady(0);
    if (count === 2) say(`starting api-2 on 127.0.0.1:${processPorts[1]}`);
    if (count > 2) say(`starting api-2..api-${count} on 127.0.0.1:${processPorts[1]}–${processPorts[count - 1]}`);
    for (let i = 1; i < count; i++) apis[i].start();
    await Promise.all(apis.slice(1).map((_api, i) => apiReady(i + 1)));
    say(`starting haproxy on ${bind}:${port}`);
    haproxy.start();
    await waitFor(haproxy, async () => (await readiness(port)) === 'ready', 15_000, 'passing requests');
  } catch (error) {
    if (stopping) return;
    say(`start failed: ${/** @type {Error} */ (error).message}`);
    await stopAll('start failed', 1);
    return;
  }
  status = 'ready';
  record();
  say(`ready on ${publicUrl.replace(/\/+$/, '')} with ${count} process${count === 1 ? '' : 'es'} (pids ${apis.map((api) => pidOf(api)).join(', ')}); Ctrl-C stops`);
  if (restartWanted) {
    restartWanted = false;
    void rollingRestart();
  }
}

// ---------------------------------------------------------------------------------------------

/** @type {{ processes: string, restart: boolean, status: boolean, help: boolean }} */
let values;
try {
  ({ values } = parseArgs({
    options: {
      processes: { type: 'string', short: 'n', default: '3' },
      restart: { type: 'boolean', default: false },
      status: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }));
} catch (error) {
  fail(`${/** @type {Error} */ (error).message} (npm run fleet -- --help)`);
}

if (values.help) {
  console.log(`npm run fleet -- [--processes N]   start PgBouncer, N API processes (default 3) and HAProxy on PORT
npm run fleet -- --restart         rolling restart of the running fleet's API processes
npm run fleet -- --status          per process: up, requests/s, p95, errors, pool (from /metrics)

Needs DATABASE_URL, a built shop (npm run build), haproxy and pgbouncer (apt-get install -y haproxy pgbouncer).
Ports: HAProxy on PORT (3000), process i on PORT+i, PgBouncer on PGBOUNCER_PORT (6432).
Files: FLEET_DIR (DATA_DIR/fleet): haproxy.cfg, pgbouncer.ini, userlist.txt, fleet.json, one .log per child.`);
} else if (values.status) {
  await printStatus();
} else if (values.restart) {
  await requestRollingRestart();
} else {
  const count = Number(values.processes);
  if (!Number.isInteger(count) || count < 1 || count > 64) fail('--processes must be a whole number from 1 to 64');
  await launch(count);
}
