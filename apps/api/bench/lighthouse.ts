// `npm run bench`, Lighthouse: Lighthouse 12 through its Node API, with its default configuration
// (mobile, simulated throttling), on the built shop: /, /Grocery, a product page (the first of
// GET /api/product/category/Grocery), /cart and /search?q=tea (issue #34), LIGHTHOUSE_RUNS times each (default 3),
// categories performance, accessibility, best practices and SEO. Prints a table of the median
// scores (×100), the median LCP, TBT, CLS and FCP, and issue #18's budgets beside them (performance
// ≥ 90, /cart ≥ 85, TBT ≤ 300 ms; /cart's SEO not judged, decision 0020) with whether the goal
// beyond them (95, TBT ≤ 200 ms) is reached too; below it, per page,
// every accessibility, best-practices and SEO audit that scored under 1 in any run, and the 3
// performance diagnostics with the largest estimated savings in the median run, so that a budget
// not met says what to fix. It reports and does not judge: it exits 0 whatever the scores.
// Chromium: CHROME_PATH (default /usr/bin/chromium), launched with chrome-launcher when that
// resolves from apps/api (Lighthouse depends on it), else spawned here with a debugging port.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { ProductPageResponseSchema } from '@dukkan/contracts/catalog';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';

import { freePort, startServer, type Server } from './server';

const RUNS = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS ?? 3)) || 3);
/** Short Lighthouse runs whose `benchmarkIndex` is sampled to calibrate the CPU slowdown. */
const CALIBRATION_SAMPLES = Math.max(3, Math.floor(Number(process.env.LIGHTHOUSE_CALIBRATION_SAMPLES ?? 5)) || 5);
/**
 * The `benchmarkIndex` of the host Lighthouse's default 4x CPU slowdown was chosen for (issue #18):
 * a host of this index gets 4x, a faster one more, so every host emulates the same phone.
 */
const REFERENCE_INDEX_PER_SLOWDOWN = 362;
/**
 * A fixed CPU slowdown instead of the calibrated one (LIGHTHOUSE_CPU_SLOWDOWN, e.g. `7.7`): to see
 * this host's figures with the slowdown another host was calibrated to. The table says so.
 */
const FIXED_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) > 0 ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
/** Times a run that Lighthouse could not complete is tried again. */
const RETRIES = 2;
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Only the pages whose labels are listed (comma-separated, e.g. `/cart,/Grocery`); all when unset. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((label) => label.trim()).filter(Boolean);
/** A folder to write each run's whole report into (`<page>-<run>.json`), for a closer look. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const OTHER_CATEGORIES = CATEGORIES.filter((category) => category !== 'performance');
const SHORT: Record<Category, string> = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'b.p.', seo: 'seo' };

interface Page {
  label: string;
  path: string;
  /** The lowest performance score (×100) the budget allows (issue #18); the other categories must be 100. */
  performance: number;
  /** SEO is not judged: the page is `noindex` on purpose (decision 0020). */
  seoExempt?: boolean;
}

/** The most total blocking time, in ms, the budget allows on every page (issue #18). */
const TBT_BUDGET_MS = 300;
/** Where issue #18 is going beyond its budget: performance ≥ 95 and TBT ≤ 200 ms on every page. */
const GOAL = { performance: 95, tbt: 200 };

interface Browser {
  port: number;
  stop(): Promise<void>;
}

/** What is used of chrome-launcher (its own types: node_modules/chrome-launcher/dist/chrome-launcher.d.ts). */
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[]; handleSIGINT: boolean; logLevel: 'silent' }): Promise<{
    port: number;
    process: { exitCode: number | null; signalCode: NodeJS.Signals | null; once(event: 'exit', listener: () => void): unknown };
    kill(): void;
  }>;
}

/**
 * chrome-launcher when it resolves from here (apps/api): it is Lighthouse's dependency, not one
 * of apps/api's, so it is looked up when the benchmark runs rather than imported.
 */
async function chromeLauncher(): Promise<ChromeLauncher | null> {
  let resolved: string;
  try {
    resolved = createRequire(import.meta.url).resolve('chrome-launcher');
  } catch {
    return null;
  }
  return (await import(pathToFileURL(resolved).href)) as ChromeLauncher;
}

async function launchChromium(): Promise<Browser> {
  const launcher = await chromeLauncher();
  if (launcher) {
    // chrome-launcher makes (and removes) the profile folder and kills Chromium's process group.
    const chrome = await launcher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
    return {
      port: chrome.port,
      stop: async () => {
        const gone = chrome.process.exitCode !== null || chrome.process.signalCode !== null;
        const exited = gone ? Promise.resolve() : new Promise<void>((resolve) => chrome.process.once('exit', resolve));
        chrome.kill();
        await exited;
      },
    };
  }

  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'dukkan-lighthouse-'));
  // Its own process group (detached), so that stopping it also stops its renderer processes.
  const child = spawn(CHROME_PATH, [`--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...CHROME_FLAGS, '--no-first-run', '--disable-breakpad', 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  const stop = async () => {
    if (!exited && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
    await exit;
    await rm(profile, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt += 1) {
    if (exited) break;
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { port, stop };
    if (attempt > 150) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Chromium (${CHROME_PATH}; set CHROME_PATH) did not open its debugging port`);
}

function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A category's score ×100 in a run; NaN when the run could not score it (a runtime error). */
function score(result: Result, category: Category): number {
  const value = result.categories[category]?.score;
  return typeof value === 'number' ? value * 100 : Number.NaN;
}

/** The run whose performance score is the median one (the lower middle when RUNS is even). */
function medianRun(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => (score(a, 'performance') || 0) - (score(b, 'performance') || 0));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

type Audit = Result['audits'][string];

/** An audit that ran and scored under 1 (not informative, manual or not applicable: those score null). */
function underOne(audit: Audit | undefined): audit is Audit {
  return audit !== undefined && audit.score !== null && audit.score < 1;
}

/** The audits of a category that scored under 1 in a run: `id: title`. */
function auditsUnderOne(result: Result, category: Category): string[] {
  return (result.categories[category]?.auditRefs ?? [])
    .map((ref) => result.audits[ref.id])
    .filter(underOne)
    .map((audit) => `${audit.id}: ${audit.title}`);
}

/** The performance diagnostics of a run with the largest estimated savings (LCP + FCP + TBT, ms). */
function topSavings(result: Result, count: number): string[] {
  return (result.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group === 'diagnostics')
    .map((ref) => result.audits[ref.id])
    .filter(underOne)
    .map((audit) => {
      const saved = audit.metricSavings ?? {};
      const ms = (saved.LCP ?? 0) + (saved.FCP ?? 0) + (saved.TBT ?? 0);
      // An opportunity's whole estimated saving; `details` is typed loosely, so it is checked here.
      const details: unknown = audit.details;
      const overallMs = typeof details === 'object' && details !== null && 'overallSavingsMs' in details ? details.overallSavingsMs : 0;
      const overall = typeof overallMs === 'number' ? overallMs : 0;
      return { audit, saved, ms, overall };
    })
    .filter(({ ms, overall }) => ms > 0 || overall > 0)
    .sort((a, b) => b.ms - a.ms || b.overall - a.overall)
    .slice(0, count)
    .map(({ audit, saved }) => {
      const metrics = (['LCP', 'FCP', 'TBT'] as const)
        .filter((metric) => (saved[metric] ?? 0) > 0)
        .map((metric) => `${metric} ${Math.round(saved[metric]!)} ms`)
        .join(', ');
      const shown = [metrics && `est. savings ${metrics}`, audit.displayValue].filter(Boolean).join('; ');
      return `${audit.id}: ${audit.title}${shown ? ` (${shown})` : ''}`;
    });
}

interface Calibration {
  /** The median `benchmarkIndex` of the samples. */
  index: number;
  samples: number[];
  /** `index / 362`, at least 1: the CPU slowdown that makes this host the reference phone. */
  multiplier: number;
}

/**
 * Samples the host's `benchmarkIndex` (Lighthouse measures it at the start of every run) with short
 * runs of one audit on a tiny page, and derives the CPU slowdown from their median (issue #18):
 * simulated throttling multiplies what the host measures, so a fixed 4x on a faster host would
 * emulate a faster phone.
 */
async function calibrate(port: number, url: string): Promise<Calibration> {
  const samples: number[] = [];
  while (samples.length < CALIBRATION_SAMPLES) {
    const answer = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyAudits: ['viewport'] });
    const index = answer?.lhr.environment.benchmarkIndex;
    if (typeof index !== 'number' || !(index > 0)) throw new Error('Lighthouse reported no benchmarkIndex');
    samples.push(index);
  }
  const index = median(samples);
  return { index, samples, multiplier: Math.max(1, Math.round((index / REFERENCE_INDEX_PER_SLOWDOWN) * 100) / 100) };
}

// The table.
const COLUMNS = [
  ['page', 15, 'left'],
  ['perf', 5, 'right'],
  ['a11y', 5, 'right'],
  ['b.p.', 5, 'right'],
  ['seo', 5, 'right'],
  ['LCP s', 6, 'right'],
  ['TBT ms', 7, 'right'],
  ['CLS', 6, 'right'],
  ['FCP s', 6, 'right'],
  ['budget', 40, 'left'],
  ['', 0, 'left'],
] as const;

function row(cells: readonly string[]): string {
  return COLUMNS.map(([, width, align], i) => (align === 'left' ? cells[i]!.padEnd(width) : cells[i]!.padStart(width)))
    .join('  ')
    .trimEnd();
}

const fixed = (value: number, digits: number) => (Number.isNaN(value) ? '-' : value.toFixed(digits));

let server: Server | undefined;
let browser: Browser | undefined;
let stopping: Promise<void> | undefined;
/** Stops Chromium and the server, once, whatever happened. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await Promise.allSettled([browser?.stop(), server?.stop()]);
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-bench-lighthouse-'));
try {
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  browser = await launchChromium();
  const baseUrl = server.url;

  const grocery = ProductPageResponseSchema.parse(await (await fetch(`${baseUrl}/api/product/category/Grocery`)).json());
  const productId = grocery.data[0]?._id;
  if (!productId) throw new Error('the catalog has no Grocery product');
  const pages: Page[] = [
    { label: '/', path: '/', performance: 90 },
    { label: '/Grocery', path: '/Grocery', performance: 90 },
    { label: '/details/{id}', path: `/details/${productId}`, performance: 90 },
    { label: '/cart', path: '/cart', performance: 85, seoExempt: true },
    { label: '/search?q=tea', path: '/search?q=tea', performance: 90 },
  ].filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.label));
  if (REPORTS_DIR) await mkdir(REPORTS_DIR, { recursive: true });
  /** One plain request for the page: renders it into the server's page cache. */
  const warm = async (page: Page) => void (await (await fetch(`${baseUrl}${page.path}`)).text());
  // Warm the server's page cache (and its code) once before measuring, as a shop in use would be.
  for (const page of pages) await warm(page);

  const calibration = await calibrate(browser.port, `${baseUrl}/robots.txt`);
  const flags: Flags = {
    port: browser.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: FIXED_SLOWDOWN ?? calibration.multiplier },
  };
  console.log(`\nLighthouse 12, mobile, simulated throttling, median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page`);
  console.log(
    `CPU calibrated to one phone: benchmarkIndex ${calibration.index.toFixed(0)} (median of ${calibration.samples.length}: ${calibration.samples.map((sample) => sample.toFixed(0)).join(', ')}) / ${REFERENCE_INDEX_PER_SLOWDOWN} → cpuSlowdownMultiplier ${calibration.multiplier.toFixed(2)}`,
  );
  if (FIXED_SLOWDOWN) console.log(`NOT calibrated: LIGHTHOUSE_CPU_SLOWDOWN sets cpuSlowdownMultiplier ${FIXED_SLOWDOWN.toFixed(2)} for every run`);
  console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start)\n`);
  console.log(row(COLUMNS.map(([title]) => title)));
  console.log(row(COLUMNS.map(([, width]) => '-'.repeat(width))));
  const notes: string[] = [];
  for (const page of pages) {
    const results: Result[] = [];
    const runtimeErrors: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A page stays in the cache ~5 s and a Lighthouse run takes longer: ask for it again first,
      // so each run loads it from the cache as the warm-up meant.
      // A run that failed (a runtime error such as NO_NAVSTART: the trace was not recorded) is
      // tried again, up to RETRIES times; each failure is listed under the table.
      for (let attempt = 0; ; attempt += 1) {
        await warm(page);
        const answer = await lighthouse(`${baseUrl}${page.path}`, flags);
        if (!answer) throw new Error(`Lighthouse gave no result for ${page.path}`);
        const error = answer.lhr.runtimeError;
        if (error) runtimeErrors.push(`run ${run + 1}: ${error.code}${attempt < RETRIES ? ', run again' : ', kept'}`);
        if (!error || attempt >= RETRIES) {
          results.push(answer.lhr);
          if (REPORTS_DIR) {
            const name = `${page.label.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${run + 1}.json`;
            await writeFile(path.join(REPORTS_DIR, name), JSON.stringify(answer.lhr));
          }
          break;
        }
      }
    }

    const scores = CATEGORIES.map((category) => median(results.map((result) => score(result, category))));
    const metric = (id: string) => median(results.map((result) => result.audits[id]?.numericValue ?? Number.NaN));
    const tbt = metric('total-blocking-time');
    const missed = CATEGORIES.filter(
      (category, i) => !(category === 'seo' && page.seoExempt) && !(scores[i]! >= (category === 'performance' ? page.performance : 100)),
    ).map((category) => SHORT[category]);
    if (!(tbt <= TBT_BUDGET_MS)) missed.push('TBT');
    const atGoal = scores[0]! >= GOAL.performance && tbt <= GOAL.tbt;
    console.log(
      row([
        page.label,
        ...scores.map((value) => fixed(value, 0)),
        fixed(metric('largest-contentful-paint') / 1000, 2),
        fixed(tbt, 0),
        fixed(metric('cumulative-layout-shift'), 3),
        fixed(metric('first-contentful-paint') / 1000, 2),
        `perf ≥ ${page.performance}, TBT ≤ ${TBT_BUDGET_MS}, ${page.seoExempt ? 'a11y/b.p. 100' : 'a11y/b.p./seo 100'}`,
        missed.length === 0 ? `met${atGoal ? `, goal (${GOAL.performance}, ${GOAL.tbt} ms) too` : ''}` : `NOT met: ${missed.join(', ')}`,
      ]),
    );

    // What kept the scores down: audits under 1 in any run, and where performance can gain most.
    const underOne = new Map<string, number>();
    for (const result of results) {
      for (const category of OTHER_CATEGORIES) {
        for (const line of new Set(auditsUnderOne(result, category))) {
          const key = `${category.padEnd(14)} ${line}`;
          underOne.set(key, (underOne.get(key) ?? 0) + 1);
        }
      }
    }
    const lines = [
      ...runtimeErrors.map((error) => `  Lighthouse runtime error, ${error}`),
      `  accessibility, best practices, SEO: audits under 1 in any run${underOne.size === 0 ? ': none' : ''}`,
      ...[...underOne].map(([line, runs]) => `    ${line} (${runs}/${RUNS} runs)`),
    ];
    const savings = topSavings(medianRun(results), 3);
    lines.push(
      `  performance: top 3 diagnostics by estimated savings, median run${savings.length === 0 ? ': none with estimated savings' : ''}`,
      ...savings.map((line) => `    ${line}`),
    );
    notes.push(`${page.label} (${page.path})\n${lines.join('\n')}`);
  }
  console.log(`\n${notes.join('\n\n')}`);
} finally {
  await stopAll();
  await rm(dataDir, { recursive: true, force: true });
}
