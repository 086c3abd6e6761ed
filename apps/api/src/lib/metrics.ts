import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, type Histogram, Registry } from 'prom-client';

import { rowsOf, type Database } from '../db/client';
import { outbox } from '../db/schema';

/**
 * What this API process tells Prometheus (`GET /metrics`, issue #37, decision 0061): requests and
 * their latency per route and status, the event loop, the database pool, the mail outbox, the
 * render workers, the caches, failed sign-ins, rate-limit refusals, and orders placed and paid.
 * One registry per app (tests build many apps in one process): never prom-client's global one.
 */

/** The route label of a request no route matched, answered by something other than a page (unknown API paths, say). */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The route label of a storefront page the not-found handler answered (every page but `/`, rendered or not, 404 pages too). */
export const PAGE_ROUTE = '(page)';

/** Seconds. Catalog answers take about a millisecond; a page render tens; a sign-in's hash about 0.1 s. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A scrape never waits longer than this for the outbox's figures (a pool with no free connection). */
const OUTBOX_READ_TIMEOUT_MS = 2_000;

const SHOPPER_SIGN_IN = '/api/users/signin';
const PLACE_ORDER = '/api/orders';

/** Counts the lookups of one cache: `hit()` when the answer was kept, `miss()` when it was not. */
export interface CacheLookups {
  hit(): void;
  miss(): void;
}

/** What the render workers are doing now (modules/web/page-renderer.ts). */
export interface RenderLoad {
  /** Worker threads: `SSR_WORKERS`, or 1 when pages render in the API's own thread. */
  workers: number;
  /** Workers with at least one page under way. */
  busy: number;
  /** Pages sent to a worker beyond the one it is busy with. */
  queued: number;
}

/** The first of `DURATION_BUCKETS` that `seconds` is within (its index), or past them all (their number). */
function bucketOf(seconds: number): number {
  let index = 0;
  for (const bound of DURATION_BUCKETS) {
    if (seconds <= bound) return index;
    index += 1;
  }
  return index;
}

/** A counter, or its child for one set of labels, resolved once. */
interface Increment {
  inc(): void;
}

type ResponseLabel = 'route' | 'method' | 'status';

/**
 * The answers of one route, method and status, counted in plain numbers: an answer adds to them
 * without building a label string or an object (prom-client's `inc` and `observe` do both); they
 * reach prom-client when Prometheus reads them.
 */
interface ResponseSeries {
  readonly labels: Record<ResponseLabel, string>;
  count: number;
  /** `count` as the requests counter last took it. */
  reported: number;
  /** Seconds, in all. */
  sum: number;
  /** Answers per bucket, not cumulative: `DURATION_BUCKETS[i]`, the last one past them all (+Inf). */
  readonly buckets: Float64Array;
  /** A second counter this answer also raises (a failed sign-in, a 429, an order placed), or null. */
  readonly also: Increment | null;
}

/** One line of a metric as prom-client's registry writes it. */
interface ExposedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/**
 * The latency histogram, its buckets filled by `observeResponse` (plain numbers per series) and
 * read by the registry like prom-client's own histograms (`get()`): the same exposition as
 * prom-client's `observe` would give (metrics.test.ts compares them), without its work per answer.
 */
class ResponseDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly series: readonly ResponseSeries[],
  ) {}

  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: ExposedValue[] }> {
    const values: ExposedValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, buckets, count, sum } of this.series) {
      let cumulative = 0;
      for (const [i, le] of DURATION_BUCKETS.entries()) {
        cumulative += buckets[i] ?? 0;
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: bucketName });
      }
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: bucketName });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  /** `Registry.resetMetrics()`: every series back to nothing. */
  reset(): void {
    for (const series of this.series) {
      series.count = 0;
      series.reported = 0;
      series.sum = 0;
      series.buckets.fill(0);
    }
  }
}

interface OutboxFigures {
  pending: number;
  failed: number;
  oldestPendingSeconds: number;
}

export interface MetricsOptions {
  db: Database;
  log: FastifyBaseLogger;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<ResponseLabel>;
  private readonly rateLimited: Counter<'route'>;
  private readonly signInFailures: Counter<'who'>;
  private readonly ordersPlaced: Counter;
  private readonly ordersPaid: Counter;
  private readonly cacheRequests: Counter<'cache' | 'result'>;
  /** route → method → status → series: plain lookups per request, no label string built. */
  private readonly series = new Map<string, Map<string, Map<number, ResponseSeries>>>();
  /** The same series, in the order they came. */
  private readonly allSeries: ResponseSeries[] = [];
  private readonly staffSignInFailure: Increment;
  private readonly db: Database;
  private readonly log: FastifyBaseLogger;
  private renderLoad: (() => RenderLoad) | null = null;
  /** The outbox query under way, if one is. */
  private outboxQuery: Promise<OutboxFigures | null> | null = null;

  constructor({ db, log }: MetricsOptions) {
    this.db = db;
    this.log = log;
    const registers = [this.registry];
    // process_*, nodejs_eventloop_lag_*, nodejs_heap_*, nodejs_gc_*: prom-client's own.
    collectDefaultMetrics({ register: this.registry });

    const allSeries = this.allSeries;
    this.requests = new Counter({
      name: 'dukkan_http_requests_total',
      help: `Requests answered, by route pattern (${PAGE_ROUTE}: a storefront page, ${UNMATCHED_ROUTE}: no route), method and status.`,
      labelNames: ['route', 'method', 'status'],
      registers,
      collect() {
        for (const series of allSeries) {
          if (series.count === series.reported) continue;
          this.inc(series.labels, series.count - series.reported);
          series.reported = series.count;
        }
      },
    });
    const durations = new ResponseDurations(
      'dukkan_http_request_duration_seconds',
      'Time from the request to its answer, by route pattern, method and status.',
      allSeries,
    );
    // The registry reads a metric through `get()` (and `reset()`), which ResponseDurations has; its
    // declared parameter type lists prom-client's own classes only.
    this.registry.registerMetric(durations as unknown as Histogram);
    this.rateLimited = new Counter({
      name: 'dukkan_rate_limited_total',
      help: 'Requests refused with 429 (too many sign-ins, sign-ups, guest carts, ...), by route pattern.',
      labelNames: ['route'],
      registers,
    });
    this.signInFailures = new Counter({
      name: 'dukkan_signin_failures_total',
      help: 'Failed sign-ins: shoppers (POST /api/users/signin answered 401) and staff (wrong email, password or two-factor code).',
      labelNames: ['who'],
      registers,
    });
    this.ordersPlaced = new Counter({ name: 'dukkan_orders_placed_total', help: 'Orders placed (POST /api/orders answered 2xx).', registers });
    this.ordersPaid = new Counter({ name: 'dukkan_orders_paid_total', help: 'Orders this process marked paid, counted after the commit.', registers });
    this.cacheRequests = new Counter({
      name: 'dukkan_cache_requests_total',
      help: 'Lookups of the response cache (catalog answers) and the page cache (server-rendered pages), by result.',
      labelNames: ['cache', 'result'],
      registers,
    });
    for (const who of ['shopper', 'staff'] as const) this.signInFailures.inc({ who }, 0);
    for (const cache of ['response', 'page'] as const) for (const result of ['hit', 'miss'] as const) this.cacheRequests.inc({ cache, result }, 0);
    this.staffSignInFailure = this.signInFailures.labels({ who: 'staff' });

    this.registerPoolGauge();
    this.registerOutboxGauges();
    this.registerRenderGauges();
  }

  /** Counts every answer of `app` (an onResponse hook); call before routes are registered. */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      let route = request.routeOptions.url;
      if (route === undefined) {
        const type = reply.getHeader('content-type');
        route = typeof type === 'string' && type.startsWith('text/html') ? PAGE_ROUTE : UNMATCHED_ROUTE;
      }
      this.observeResponse(route, request.method, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  /** One answer: `route` is the route's pattern (or `PAGE_ROUTE`, `UNMATCHED_ROUTE`), `elapsedMs` Fastify's `reply.elapsedTime`. */
  observeResponse(route: string, method: string, status: number, elapsedMs: number): void {
    const series = this.seriesOf(route, method, status);
    const seconds = elapsedMs / 1000;
    series.count += 1;
    series.sum += seconds;
    const bucket = bucketOf(seconds);
    series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
    series.also?.inc();
  }

  /** Counts one staff sign-in that failed (modules/admin/staff/sign-in.ts). */
  staffSignInFailed(): void {
    this.staffSignInFailure.inc();
  }

  /** Counts one order marked paid, once its transaction committed. */
  orderPaid(): void {
    this.ordersPaid.inc();
  }

  /** The hit and miss counters of one cache. */
  cacheLookups(cache: 'response' | 'page'): CacheLookups {
    const hits = this.cacheRequests.labels({ cache, result: 'hit' });
    const misses = this.cacheRequests.labels({ cache, result: 'miss' });
    return { hit: () => hits.inc(), miss: () => misses.inc() };
  }

  /** Where the render gauges read from: the page renderer, once it exists. */
  watchRenderLoad(read: () => RenderLoad): void {
    this.renderLoad = read;
  }

  /** The text Prometheus reads. */
  async exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private seriesOf(route: string, method: string, status: number): ResponseSeries {
    let byMethod = this.series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { route, method, status: String(status) },
        count: 0,
        reported: 0,
        sum: 0,
        buckets: new Float64Array(DURATION_BUCKETS.length + 1),
        also: this.alsoCounted(route, method, status),
      };
      byStatus.set(status, series);
      this.allSeries.push(series);
    }
    return series;
  }

  /** The counter an answer raises besides the requests' own, decided once per route, method and status. */
  private alsoCounted(route: string, method: string, status: number): Increment | null {
    if (status === 429) return this.rateLimited.labels({ route });
    if (method === 'POST' && route === SHOPPER_SIGN_IN && status === 401) return this.signInFailures.labels({ who: 'shopper' });
    if (method === 'POST' && route === PLACE_ORDER && status >= 200 && status < 300) return this.ordersPlaced;
    return null;
  }

  private registerPoolGauge(): void {
    // Drizzle keeps its driver's client as `$client`: a node-postgres Pool on a server.
    const client = (this.db as unknown as { $client?: unknown }).$client;
    // The embedded database (PGlite) is one connection in this process, no pool: the gauge has no values there.
    const pool = client instanceof pg.Pool ? client : null;
    new Gauge({
      name: 'dukkan_db_pool_connections',
      help: 'Connections of the database pool: in use, idle, and requests waiting for one (absent on the embedded database).',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  private registerOutboxGauges(): void {
    const read = () => this.readOutbox();
    const gauge = (name: string, help: string, pick: (figures: OutboxFigures) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const figures = await read();
          // Unread (database unreachable or slow): NaN, never a stale figure nor a made-up 0.
          this.set(figures ? pick(figures) : Number.NaN);
        },
      });
    gauge('dukkan_outbox_pending', 'Mail in the outbox not delivered yet (including those waiting for a retry).', (f) => f.pending);
    gauge('dukkan_outbox_failed', 'Mail the outbox gave up on after its last retry (npm run mail -- list).', (f) => f.failed);
    gauge('dukkan_outbox_oldest_pending_seconds', 'Age of the oldest mail not delivered yet, in seconds (0 when none).', (f) => f.oldestPendingSeconds);
  }

  private registerRenderGauges(): void {
    const load = () => this.renderLoad?.() ?? { workers: 0, busy: 0, queued: 0 };
    const registers = [this.registry];
    new Gauge({
      name: 'dukkan_render_workers',
      help: 'Worker threads that render pages (SSR_WORKERS; 1 when pages render in the API thread, 0 without a server renderer).',
      registers,
      collect() {
        this.set(load().workers);
      },
    });
    new Gauge({
      name: 'dukkan_render_workers_busy',
      help: 'Render workers with at least one page under way.',
      registers,
      collect() {
        this.set(load().busy);
      },
    });
    new Gauge({
      name: 'dukkan_render_queue',
      help: 'Pages sent to a render worker beyond the one it is busy with.',
      registers,
      collect() {
        this.set(load().queued);
      },
    });
  }

  /**
   * The outbox's figures: one query for the three gauges (their collects start together) and for
   * every scrape that comes while it runs. Undelivered rows only, through the partial index
   * `outbox_undelivered_idx`: sent mail, which the table keeps, is never read. A scrape waits at
   * most `OUTBOX_READ_TIMEOUT_MS` (a pool with no free connection) and then goes without (NaN).
   */
  private readOutbox(): Promise<OutboxFigures | null> {
    this.outboxQuery ??= this.db
      .execute(
        sql`select count(*) filter (where ${outbox.status} = 'pending')::int as pending,
                   count(*) filter (where ${outbox.status} = 'failed')::int as failed,
                   coalesce(extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')), 0)::float8 as oldest
            from ${outbox} where ${outbox.status} <> 'sent'`,
      )
      .then((result) => {
        const [row] = rowsOf<{ pending: number; failed: number; oldest: number }>(result);
        return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0), oldestPendingSeconds: Number(row?.oldest ?? 0) };
      })
      .catch((err: unknown) => {
        this.log.warn({ err }, 'metrics: the outbox could not be read');
        return null;
      })
      .finally(() => {
        this.outboxQuery = null;
      });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), OUTBOX_READ_TIMEOUT_MS);
      timer.unref();
    });
    return Promise.race([this.outboxQuery, timeout]).finally(() => clearTimeout(timer));
  }
}
