// The soak test (issue #37): the fleet under steady mixed load from simulated shoppers while API
// processes are killed and PgBouncer is restarted; then the checks. `runSoak` is what
// `npm run soak` (bench/soak.ts) and the Vitest test (src/fleet/soak.test.ts) call.
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import pg from 'pg';

import { adminQuery, databaseUrl, quoteIdent } from '../../src/test/pg-admin';

import { checkMail, checkStock, checkWrites, classifyFailures, describeFailures, FAILURE_WINDOW_MS, FAILURES_PER_SHOPPER, latencyRows, DURING_MS } from './checks';
import { killRandomProcess, measuredFleetEnv, restartPgBouncer, startFleet, startSingle, type Shop } from './fleet';
import { REQUEST_TIMEOUT_MS, runShopper, type Catalog, type LoadContext, type ShopperState } from './shopper';
import type { Check, Disruption, RequestRecord, SoakOptions, SoakReport } from './types';

export type { SoakOptions, SoakReport } from './types';

export const DEFAULT_OPTIONS: Omit<SoakOptions, 'databaseUrl' | 'redisUrl'> = {
  durationS: 600,
  killEveryS: 120,
  processes: 3,
  pgbouncerRestart: true,
  shoppers: 20,
  thinkMs: 1_000,
  port: 3300,
  pgbouncerPort: 6450,
  mode: 'fleet',
  keep: false,
  log: (line) => console.log(line),
};

/** The small stocks set before the start: several shoppers race for each product's last units. */
const SCARCE_STOCK = [5, 10, 15, 20];

const ADDRESS = {
  fullName: 'Soak Shopper',
  phoneNumber: '0100 000 0000',
  country: 'Egypt',
  city: 'Cairo',
  street: 'Soak Street',
  floor: '1',
  apartment: '1',
  zipCode: '11511',
};

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> {
  return fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
}

/** Signs up the shoppers before the load (a few at a time: two password hashes each), each with one address. */
async function makeShoppers(baseUrl: string, count: number): Promise<ShopperState[]> {
  const shoppers: ShopperState[] = [];
  const tag = randomBytes(3).toString('hex');
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, async (_, k) => {
      const index = start + k;
      const email = `soak-${tag}-${index}@example.com`;
      const password = 'a-soak-passphrase-42';
      const signUp = await postJson(`${baseUrl}/api/users/signup`, { name: `Soak Shopper ${index}`, email, password });
      if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
      const signIn = await postJson(`${baseUrl}/api/users/signin`, { email, password });
      if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
      const { token, data } = (await signIn.json()) as { token: string; data: { _id: string } };
      const book = await postJson(`${baseUrl}/api/users/address/${data._id}`, [ADDRESS], { token }, 'PUT');
      const addressId = ((await book.json()) as { data?: { addressBook?: { _id: string }[] } }).data?.addressBook?.[0]?._id;
      if (!addressId) throw new Error(`the address was not saved (${book.status})`);
      return { index, id: data._id, email, password, token, addressId, cart: new Map(), wish: new Map(), orders: new Map(), paid: new Set<string>(), unpaid: [] } satisfies ShopperState;
    });
    shoppers.push(...(await Promise.all(batch)));
  }
  return shoppers;
}

/** Products in stock read through the API; the first few get a small stock set in PostgreSQL. */
async function prepareCatalog(baseUrl: string, client: pg.Client): Promise<{ catalog: Catalog; scarce: { id: string; title: string }[] }> {
  const products: { _id: string; title: string; category: string; quantity: number }[] = [];
  for (let page = 1; page <= 4; page += 1) {
    const res = await fetch(`${baseUrl}/api/product?page=${page}&pageSize=100`, { signal: AbortSignal.timeout(30_000) });
    products.push(...((await res.json()) as { data: typeof products }).data);
  }
  const inStock = products.filter((product) => product.quantity >= 50);
  if (inStock.length < 40) throw new Error(`only ${inStock.length} products have 50 in stock`);
  // Spread over the list: the scarce ones are not all of one department.
  const scarce = SCARCE_STOCK.map((_, k) => inStock[Math.floor(((k + 0.5) * inStock.length) / SCARCE_STOCK.length)]!);
  for (const [k, product] of scarce.entries()) await client.query('update products set quantity = $1 where id = $2', [SCARCE_STOCK[k], product._id]);
  const plenty = inStock.filter((product) => !scarce.includes(product));
  const words = [...new Set(plenty.flatMap((product) => product.title.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 4))];
  return {
    catalog: {
      plenty: plenty.map((product) => ({ id: product._id, title: product.title, category: product.category })),
      scarce: scarce.map((product) => product._id),
      words,
      departments: [...new Set(products.map((product) => product.category))],
    },
    scarce: scarce.map((product) => ({ id: product._id, title: product.title })),
  };
}

/** CPU time (ticks) of each process in `pids`, and of every `postgres` process, from /proc. */
async function processTicks(pids: number[]): Promise<{ shop: Map<number, number>; postgres: Map<number, number> }> {
  const ticks = async (pid: number): Promise<{ comm: string; ticks: number } | undefined> => {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      return { comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return undefined;
    }
  };
  const shop = new Map<number, number>();
  for (const pid of pids) {
    const t = await ticks(pid);
    if (t) shop.set(pid, t.ticks);
  }
  const postgres = new Map<number, number>();
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const t = await ticks(Number(entry));
    if (t?.comm === 'postgres') postgres.set(Number(entry), t.ticks);
  }
  return { shop, postgres };
}

async function hostTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

interface CpuSample {
  at: number;
  host: { busy: number; total: number };
  procs: { shop: Map<number, number>; postgres: Map<number, number> };
  self: NodeJS.CpuUsage;
}

async function sampleCpu(shop: Shop): Promise<CpuSample> {
  return { at: performance.now(), host: await hostTicks(), procs: await processTicks(await shop.pids().catch(() => [])), self: process.cpuUsage() };
}

/** Per cent of the whole host (all cores) between two samples. */
function cpuBetween(a: CpuSample, b: CpuSample): SoakReport['cpu'] {
  const cores = os.availableParallelism();
  const seconds = (b.at - a.at) / 1000;
  const hz = 100; // USER_HZ: the kernel reports /proc times in hundredths of a second
  const delta = (before: Map<number, number>, after: Map<number, number>) => {
    let sum = 0;
    for (const [pid, value] of after) {
      const was = before.get(pid);
      if (was !== undefined) sum += value - was;
    }
    return sum / hz;
  };
  const percent = (cpuSeconds: number) => Math.round((1000 * cpuSeconds) / (seconds * cores)) / 10;
  const self = (b.self.user + b.self.system - a.self.user - a.self.system) / 1e6;
  return {
    host: Math.round((1000 * (b.host.busy - a.host.busy)) / Math.max(1, b.host.total - a.host.total)) / 10,
    shop: percent(delta(a.procs.shop, b.procs.shop)),
    postgres: percent(delta(a.procs.postgres, b.procs.postgres)),
    loadGenerator: percent(self),
    cores,
    windowS: Math.round(seconds),
  };
}

/** The moments of the kills (every `killEveryS`) and of the PgBouncer restart, in seconds after the start. */
export function schedule(options: Pick<SoakOptions, 'durationS' | 'killEveryS' | 'pgbouncerRestart' | 'mode'>): { kind: 'kill' | 'pgbouncer'; atS: number }[] {
  if (options.mode === 'single') return [];
  const plan: { kind: 'kill' | 'pgbouncer'; atS: number }[] = [];
  // A disruption needs its 5 s window, and a little more, before the load ends.
  const last = options.durationS - 10;
  if (options.killEveryS > 0) for (let at = options.killEveryS; at <= last; at += options.killEveryS) plan.push({ kind: 'kill', atS: at });
  if (options.pgbouncerRestart) {
    const at = options.killEveryS > 0 && options.killEveryS * 1.5 <= last ? options.killEveryS * 1.5 : options.durationS / 2;
    plan.push({ kind: 'pgbouncer', atS: at });
  }
  return plan.sort((a, b) => a.atS - b.atS);
}

async function waitForOutbox(client: pg.Client, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from outbox where status = 'pending'`);
    const pending = Number(rows[0]?.n ?? 0);
    if (pending === 0 || Date.now() > deadline) return pending;
    await sleep(1_000);
  }
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '    –' : ms.toFixed(0).padStart(5));

/** Each failure: when, what, whose, why, and the disruption it counts against. */
function failureLines(list: SoakReport['failureList']): string[] {
  const shown = list.slice(0, 40).map((f) => `  ${(f.start / 1000).toFixed(1).padStart(6)} s +${(f.end - f.start).toFixed(0).padStart(5)} ms  shopper ${String(f.shopper).padStart(2)}  ${f.type.padEnd(18)} ${f.error}  [${f.against}]`);
  return list.length > 40 ? [...shown, `  … and ${list.length - 40} more`] : shown;
}

function render(report: Omit<SoakReport, 'text'>, outboxPending: number): string {
  const o = report.options;
  const lines: string[] = [];
  const kills = report.disruptions.filter((d) => d.kind === 'kill');
  lines.push(
    '',
    `Soak: ${o.mode === 'fleet' ? `${o.processes} API processes behind HAProxy, PgBouncer` : 'one API process (single mode)'}, ${o.durationS} s, ${o.shoppers} shoppers, think time ${o.thinkMs} ms (mean)`,
    `  fleet env: SIGNUP_LIMIT=0 GUEST_CART_LIMIT=0 (shoppers signed up before the load), LOG_LEVEL=warn, BACKUP_INTERVAL_HOURS=0, SSR_WORKERS=0; payment timeout: the default`,
    `  database ${report.database} (fresh), DATA_DIR ${report.dataDir} (fresh)`,
    `  mix: 80% browsing and search, 15% cart and wish list, 1.5% sign-in, 3.5% checkout (order, card page, sandbox payment)`,
    `  rate: ${report.requestRate.toFixed(1)} requests/s (${report.actionRate.toFixed(1)} shopper actions/s), ${report.requests} requests in all`,
    `  CPU before the first kill (${report.cpu.windowS} s, % of the ${report.cpu.cores}-core host): host ${report.cpu.host}% (others' work included), shop processes ${report.cpu.shop}%, PostgreSQL ${report.cpu.postgres}%, load generator ${report.cpu.loadGenerator}%`,
    '',
    'Disruptions (s after the start):',
  );
  for (const d of report.disruptions) {
    const back = d.backAt === undefined ? 'NOT back within 60 s' : `back after ${((d.backAt - d.at) / 1000).toFixed(1)} s (pid ${d.newPid})`;
    lines.push(`  ${(d.at / 1000).toFixed(1).padStart(6)}  ${d.kind === 'kill' ? `kill -9 API process ${d.index} (pid ${d.pid})` : `PgBouncer restart (SIGUSR1 to the launcher; pid ${d.pid})`}, ${back}`);
  }
  if (report.disruptions.length === 0) lines.push('  none');
  const f = report.failures;
  lines.push(
    '',
    `Failures (5xx, connection errors, timeouts of ${REQUEST_TIMEOUT_MS / 1000} s): ${f.total} — in flight at a disruption ${f.inFlight}, started within ${FAILURE_WINDOW_MS / 1000} s after one ${f.within5s}, elsewhere ${f.unexplained}`,
    `  by kind: ${Object.entries(f.byKind).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}; most for one shopper at one disruption: ${f.maxPerShopperPerDisruption} (bound ${FAILURES_PER_SHOPPER}; in all at most ${f.bound})`,
    ...failureLines(report.failureList),
    `Refusals the shop meant (4xx): ${Object.entries(report.refusals).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    '',
    `Acknowledged writes looked for in PostgreSQL: cart lines ${report.writes.cartLines} (+${report.writes.cartUncertain} left uncertain by a failed write), wish-list entries ${report.writes.wishLines} (+${report.writes.wishUncertain} uncertain), orders ${report.writes.orders}, payments ${report.writes.payments}: lost ${report.writes.lost}`,
    ...report.writes.lostDetail.map((words) => `  ${words}`),
    `Stock: ${report.stock.products} products, ${report.stock.unitsSold} units in orders not cancelled; stock + sold ≠ start for ${report.stock.oversold}`,
    ...report.stock.scarce.map((s) => `  ${s.title.slice(0, 40).padEnd(40)} start ${String(s.start).padStart(3)}  sold ${String(s.sold).padStart(3)}  left ${String(s.end).padStart(3)}`),
    `Mail: ${report.mail.paidOrders} paid orders, ${report.mail.files} .eml files; missing ${report.mail.missing}, duplicates ${report.mail.duplicates} (bound ${report.mail.duplicateBound}: one per kill), other mail ${report.mail.strays}; outbox still pending ${outboxPending}`,
    '',
    `Latency (ms; during = started within ${DURING_MS / 1000} s after a disruption or in flight at it; after = later, between and after them):`,
    `  ${'request'.padEnd(20)} ${'before: n'.padStart(10)}   p50   p95 ${'during: n'.padStart(10)}   p50   p95 ${'after: n'.padStart(10)}   p50   p95`,
  );
  const types = [...new Set(report.latency.map((row) => row.type))];
  for (const type of types) {
    const cell = (phase: string) => {
      const row = report.latency.find((r) => r.type === type && r.phase === phase);
      return row ? `${String(row.count).padStart(10)} ${fmt(row.p50)} ${fmt(row.p95)}` : `${'0'.padStart(10)} ${fmt(Number.NaN)} ${fmt(Number.NaN)}`;
    };
    lines.push(`  ${type.padEnd(20)} ${cell('before')} ${cell('during')} ${cell('after')}`);
  }
  lines.push('', 'Checks:');
  for (const check of report.checks) lines.push(`  ${check.pass ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  const failed = report.checks.filter((check) => !check.pass).map((check) => check.name);
  lines.push(
    '',
    `soak: ${report.pass ? 'PASS' : 'FAIL'} (${o.durationS} s, ${o.mode === 'fleet' ? o.processes : 1} processes, ${kills.length} kills${report.disruptions.some((d) => d.kind === 'pgbouncer') ? ', PgBouncer restarted' : ''}, ${report.requests} requests; lost writes ${report.writes.lost}, oversold ${report.stock.oversold}, mail missing ${report.mail.missing} duplicates ${report.mail.duplicates}, failures ${f.total} of which outside the windows ${f.unexplained}${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''})`,
  );
  return lines.join('\n');
}

/** Runs the soak and answers its report; throws only when the shop could not be set up at all. */
export async function runSoak(given: Partial<SoakOptions> & Pick<SoakOptions, 'databaseUrl'>): Promise<SoakReport> {
  const options: SoakOptions = { ...DEFAULT_OPTIONS, redisUrl: process.env.REDIS_URL, ...given };
  const { log } = options;
  const dbName = `dukkan_soak_${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-soak-'));
  const fleetDir = path.join(dataDir, 'fleet');
  await adminQuery(options.databaseUrl, `create database ${quoteIdent(dbName)}`);
  const url = databaseUrl(options.databaseUrl, dbName);
  // Settings that would change what is measured are not passed on from the caller's environment.
  const unset = new Set(['SMTP_URL', 'PUBLIC_URL', 'DATABASE_DIRECT_URL', 'PAYMENT_TIMEOUT_MINUTES', 'INIT_CWD', 'PAYMENT_PROVIDER', 'REDIS_URL']);
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.has(name))),
    ...measuredFleetEnv({ databaseUrl: url, port: options.port, pgbouncerPort: options.pgbouncerPort, dataDir, fleetDir }),
    SSR_WORKERS: '0',
    HOST: '127.0.0.1',
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;

  const client = new pg.Client({ connectionString: url });
  let shop: Shop | undefined;
  try {
    log(`soak: database ${dbName}, DATA_DIR ${dataDir}; starting the shop (${options.mode})`);
    shop = options.mode === 'fleet' ? await startFleet(options.processes, env, fleetDir, options.port, log) : await startSingle(env, options.port, log);
    await client.connect();
    const { catalog, scarce } = await prepareCatalog(shop.url, client);
    const shoppers = await makeShoppers(shop.url, options.shoppers);
    const { rows: stockRows } = await client.query<{ id: string; quantity: number }>('select id, quantity from products');
    const startStock = new Map(stockRows.map((row) => [row.id, row.quantity]));
    log(`  ${shoppers.length} shoppers signed up; ${catalog.plenty.length} products in stock, ${scarce.length} with small stock (${SCARCE_STOCK.join(', ')})`);

    // The load.
    const records: RequestRecord[] = [];
    const disruptions: Disruption[] = [];
    const comebacks: Promise<void>[] = [];
    const t0 = performance.now();
    const stop = new AbortController();
    // Every shopper's think time listens for the end of the load.
    setMaxListeners(options.shoppers + 10, stop.signal);
    const ctx: LoadContext = { baseUrl: shop.url, catalog, now: () => performance.now() - t0, records, thinkMs: options.thinkMs, stop: stop.signal };
    const plan = schedule(options);
    log(`  load: ${options.durationS} s; disruptions at ${plan.map((p) => `${p.atS} s (${p.kind})`).join(', ') || 'none'}`);
    const running = shoppers.map((shopper) => runShopper(ctx, shopper));

    const firstAtS = plan[0]?.atS ?? options.durationS;
    const cpuFrom = Math.min(5, firstAtS / 4);
    const cpuWindow = (async () => {
      await sleep(cpuFrom * 1000);
      const a = await sampleCpu(shop);
      await sleep((firstAtS - cpuFrom - 0.5) * 1000);
      return cpuBetween(a, await sampleCpu(shop));
    })();

    const progress = setInterval(() => {
      const done = records.length;
      const failed = records.filter((r) => r.outcome === 'failed').length;
      log(`  ${(ctx.now() / 1000).toFixed(0).padStart(4)} s: ${done} requests, ${failed} failed`);
    }, 30_000);
    progress.unref();
    try {
      for (const step of plan) {
        const wait = step.atS * 1000 - ctx.now();
        if (wait > 0) await sleep(wait);
        if (step.kind === 'kill') {
          const killed = await killRandomProcess(shop);
          // Taken once the signal is sent: a request that starts before this was in flight at the kill.
          const at = ctx.now();
          const disruption: Disruption = { kind: 'kill', at, index: killed.index, pid: killed.pid };
          disruptions.push(disruption);
          log(`  ${(at / 1000).toFixed(1)} s: kill -9 API process ${killed.index} (pid ${killed.pid})`);
          comebacks.push(
            killed.back.then((back) => {
              if (back) Object.assign(disruption, { backAt: ctx.now(), newPid: back.pid });
            }),
          );
        } else {
          const restarted = await restartPgBouncer(shop);
          const at = ctx.now();
          const disruption: Disruption = { kind: 'pgbouncer', at, pid: restarted.pid };
          disruptions.push(disruption);
          log(`  ${(at / 1000).toFixed(1)} s: PgBouncer restart asked (pid ${restarted.pid})`);
          comebacks.push(
            restarted.back.then((back) => {
              if (back) Object.assign(disruption, { backAt: ctx.now(), newPid: back.pid });
            }),
          );
        }
      }
      const rest = options.durationS * 1000 - ctx.now();
      if (rest > 0) await sleep(rest);
    } finally {
      stop.abort();
      clearInterval(progress);
    }
    const actions = (await Promise.all(running)).reduce((sum, r) => sum + r.actions, 0);
    const loadS = ctx.now() / 1000;
    await Promise.all(comebacks);
    const cpu = await cpuWindow;
    log(`  load over: ${records.length} requests in ${loadS.toFixed(0)} s; waiting for the outbox`);

    // The outbox: a message claimed by a killed process goes out again once its claim lapses (25 s).
    const outboxPending = await waitForOutbox(client, 90_000);
    // Let the last .eml renames land (the worker marks a message sent after writing it).
    await sleep(500);
    const writes = await checkWrites(client, shoppers);
    const stock = await checkStock(client, startStock, scarce);
    const kills = disruptions.filter((d) => d.kind === 'kill').length;
    const mail = await checkMail(client, path.join(dataDir, 'mail'), kills);
    const failures = classifyFailures(records, disruptions, shoppers.length);
    const failureList = describeFailures(records, disruptions);
    const refusals: Record<string, number> = {};
    for (const record of records) if (record.outcome === 'refused') refusals[`${record.type} ${record.status}`] = (refusals[`${record.type} ${record.status}`] ?? 0) + 1;
    const latency = latencyRows(records, disruptions);

    const checks: Check[] = [
      { name: 'no acknowledged write lost', pass: writes.lost === 0, detail: `${writes.lost} lost of ${writes.cartLines + writes.wishLines + writes.orders + writes.payments} looked for` },
      { name: 'no product oversold', pass: stock.oversold === 0, detail: `stock + units sold = start stock for ${stock.products - stock.oversold} of ${stock.products} products` },
      {
        name: 'one confirmation mail per paid order',
        pass: mail.missing === 0 && mail.duplicates <= mail.duplicateBound && mail.strays === 0 && outboxPending === 0,
        detail: `${mail.paidOrders} paid, missing ${mail.missing}, duplicates ${mail.duplicates} (≤ ${mail.duplicateBound}), other ${mail.strays}, outbox pending ${outboxPending}`,
      },
      {
        name: 'failures only at a disruption',
        pass: failures.unexplained === 0,
        detail: `${failures.total} failures; ${failures.unexplained} started more than ${FAILURE_WINDOW_MS / 1000} s after the last disruption and were not in flight at one`,
      },
      {
        name: `at most ${FAILURES_PER_SHOPPER} failures per shopper per disruption`,
        pass: failures.maxPerShopperPerDisruption <= FAILURES_PER_SHOPPER,
        detail: `most ${failures.maxPerShopperPerDisruption}`,
      },
      {
        name: 'every killed process started again',
        pass: disruptions.every((d) => d.backAt !== undefined),
        detail: disruptions.map((d) => (d.backAt === undefined ? `${d.kind} at ${(d.at / 1000).toFixed(0)} s: not back` : `${d.kind} ${((d.backAt - d.at) / 1000).toFixed(1)} s`)).join(', ') || 'no disruption',
      },
      { name: 'load ran', pass: records.length > 0 && writes.orders > 0, detail: `${records.length} requests, ${writes.orders} orders placed, ${writes.payments} paid` },
    ];
    const pass = checks.every((check) => check.pass);
    const shown: SoakReport['options'] = {
      durationS: options.durationS,
      killEveryS: options.killEveryS,
      processes: options.processes,
      pgbouncerRestart: options.pgbouncerRestart,
      shoppers: options.shoppers,
      thinkMs: options.thinkMs,
      port: options.port,
      pgbouncerPort: options.pgbouncerPort,
      mode: options.mode,
      keep: options.keep,
    };
    const report: Omit<SoakReport, 'text'> = {
      options: shown,
      database: dbName,
      dataDir,
      requestRate: records.filter((r) => r.start < options.durationS * 1000).length / options.durationS,
      actionRate: actions / options.durationS,
      requests: records.length,
      cpu,
      disruptions,
      failures,
      failureList,
      refusals,
      writes,
      stock,
      mail,
      latency,
      checks,
      pass,
    };
    return { ...report, text: render(report, outboxPending) };
  } finally {
    await client.end().catch(() => undefined);
    if (shop) await shop.stop();
    if (!options.keep) {
      await adminQuery(options.databaseUrl, `drop database if exists ${quoteIdent(dbName)} with (force)`).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
