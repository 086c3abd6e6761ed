// The soak test's options, its records and its report (issue #37, decision 0061).

export interface SoakOptions {
  /** Seconds of load. */
  durationS: number;
  /** A random API process is killed (`kill -9`) every this many seconds, from this moment on; 0: never. */
  killEveryS: number;
  /** API processes behind HAProxy. */
  processes: number;
  /** Restart PgBouncer once (SIGUSR1 to the launcher), halfway between two kills. */
  pgbouncerRestart: boolean;
  /** Simulated shoppers, each one loop of actions with think time. */
  shoppers: number;
  /** The mean think time between two actions of a shopper, ms (exponential). */
  thinkMs: number;
  /** HAProxy's port (the API processes take the next ones). */
  port: number;
  pgbouncerPort: number;
  /** The PostgreSQL server; the soak creates a fresh database on it and drops it afterwards. */
  databaseUrl: string;
  redisUrl: string | undefined;
  /**
   * `fleet`: `node scripts/fleet/fleet.mjs`; `single`: one `node apps/api/dist/server.js` on
   * `port`, no kills (for developing the load and the checks without the launcher).
   */
  mode: 'fleet' | 'single';
  /** Keep the database and the data directory afterwards (their names are printed). */
  keep: boolean;
  /** Progress lines while it runs (default: console.log). */
  log: (line: string) => void;
}

export type RequestType =
  | 'browse:list'
  | 'browse:product'
  | 'browse:department'
  | 'browse:search'
  | 'browse:suggest'
  | 'cart:add'
  | 'cart:set'
  | 'cart:remove'
  | 'cart:read'
  | 'wish:add'
  | 'wish:remove'
  | 'wish:read'
  | 'account:signin'
  | 'checkout:order'
  | 'checkout:read-order'
  | 'checkout:session'
  | 'checkout:pay-page'
  | 'checkout:pay';

/** One request as a shopper saw it; times in ms since the load started. */
export interface RequestRecord {
  type: RequestType;
  shopper: number;
  start: number;
  end: number;
  /** The HTTP status; 0 when no answer came (connection error or timeout). */
  status: number;
  /** `ok` 2xx/3xx; `refused` a 4xx the shop means; `failed` a 5xx, a connection error or a timeout. */
  outcome: 'ok' | 'refused' | 'failed';
  /** For a failure: `5xx`, `connection` or `timeout`, and the error's words. */
  error?: string;
}

/** A kill of an API process or the restart of PgBouncer; times in ms since the load started. */
export interface Disruption {
  kind: 'kill' | 'pgbouncer';
  at: number;
  /** kill: the process's index and pid; pgbouncer: its pid. */
  index?: number;
  pid: number;
  /** When the new process answered `/api/ready` 200 on its own port (kill), or PgBouncer had a new pid. */
  backAt?: number;
  newPid?: number;
}

export interface Check {
  name: string;
  pass: boolean;
  /** The figures behind the verdict, in words. */
  detail: string;
}

export interface LatencyRow {
  type: RequestType;
  phase: 'before' | 'during' | 'after';
  count: number;
  p50: number;
  p95: number;
}

export interface SoakReport {
  options: Omit<SoakOptions, 'log' | 'databaseUrl' | 'redisUrl'>;
  database: string;
  dataDir: string;
  /** Requests per second over the load, and shopper actions per second. */
  requestRate: number;
  actionRate: number;
  requests: number;
  /** CPU before the first kill, in % of the whole host (all cores). */
  cpu: { host: number; shop: number; postgres: number; loadGenerator: number; cores: number; windowS: number };
  disruptions: Disruption[];
  /** Failures: in flight at a disruption, started within 5 s after one, and the rest (must be 0). */
  failures: { total: number; inFlight: number; within5s: number; unexplained: number; maxPerShopperPerDisruption: number; bound: number; byKind: Record<string, number> };
  /** Every failure, in order: `against` names the disruption it counts against, or `none`. */
  failureList: { start: number; end: number; shopper: number; type: RequestType; error: string; against: string }[];
  /** 4xx answers the shop meant, by type and status (e.g. `checkout:order 409`). */
  refusals: Record<string, number>;
  writes: { cartLines: number; cartUncertain: number; wishLines: number; wishUncertain: number; orders: number; payments: number; lost: number; lostDetail: string[] };
  stock: { products: number; scarce: { id: string; title: string; start: number; end: number; sold: number }[]; oversold: number; unitsSold: number };
  mail: { paidOrders: number; files: number; missing: number; duplicates: number; duplicateBound: number; strays: number };
  latency: LatencyRow[];
  checks: Check[];
  pass: boolean;
  /** The whole report as printed, ending with `soak: PASS|FAIL (…)`. */
  text: string;
}
