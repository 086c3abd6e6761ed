import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { MIGRATIONS_DIR, PGLITE_BASE } from '../paths';

import * as schema from './schema';

/** The Drizzle database both drivers give: the app never needs to know which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of either driver (`db.transaction(async (tx) => ...)`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a service function runs its queries on: the database, or the caller's transaction, so
 * that a function can run alone or as one step of a bigger write.
 */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the checked-in migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start copies from (tests). */
  dump?: () => Promise<Blob>;
}

export type DatabaseOptions =
  /**
   * `directUrl`: the server itself when `url` is a transaction-mode pooler (PgBouncer, decision
   * 0061) — migrations and LISTEN use it, and the pool sends its statements unnamed.
   */
  | { kind: 'postgres'; url: string; directUrl?: string; poolSize?: number }
  /** `dataDir` undefined means in memory; `loadDataDir` starts from a dump (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/** The rows of a raw statement (`db.execute`), from either driver: both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Whether `db` is the embedded database (PGlite: one connection, statements run in this thread). */
export function isEmbedded(db: Executor): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/** The advisory lock key under which migrations run ('dukkan migrations'). */
const MIGRATION_LOCK = 'dukkan migrations';

/**
 * Runs `migrate` while holding a session advisory lock on a connection of its own, so API
 * processes starting together against one new database migrate it one after the other: the
 * second finds the migrations done instead of creating the same tables again.
 */
async function migrateOnePoolAtATime(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await lock.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

/**
 * A node-postgres client that sends every statement unnamed: behind a transaction-mode pooler,
 * consecutive transactions may run on different server connections, so a statement prepared by
 * name on one (Drizzle's `.prepare(name)`) would be missing on the next. PgBouncer 1.18 (Debian
 * 12's) cannot track named statements (`max_prepared_statements` came in 1.21). The cost is a
 * parse and plan per statement, which the server mostly has to do anyway for generic plans.
 */
class UnnamedStatementClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const send = pg.Client.prototype.query.bind(this) as (...args: unknown[]) => unknown;
    // One function for every overload of query(): only its first argument changes.
    this.query = ((first: unknown, ...rest: unknown[]) => send(withoutName(first), ...rest)) as pg.Client['query'];
  }
}

/** A query's config without its statement name; text, a submittable query or no name: as given. */
function withoutName(config: unknown): unknown {
  if (!config || typeof config !== 'object' || !('name' in config) || 'submit' in config) return config;
  const { name: _dropped, ...unnamed } = config as { name?: string };
  return unnamed;
}

/** How long a new connection is tried again while the pooler refuses it (a restart takes ~1 s). */
const POOLER_RESTART_GRACE_MS = 5_000;

/** Whether `error` says nobody listens at the address (yet): the pooler is restarting. */
function refused(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED';
}

/**
 * A pool in front of a pooler: a connection the pooler refuses is tried again, with growing
 * waits, for up to `POOLER_RESTART_GRACE_MS`, so that a restart of PgBouncer (decision 0061)
 * makes requests wait instead of fail. A query already sent on a connection the restart closed
 * still fails: it may have run, and only its caller knows whether to send it again.
 */
class PoolerPool extends pg.Pool {
  // node-postgres' connect() takes a callback (its own query() uses it) or answers a promise.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const attempt = async (): Promise<pg.PoolClient> => {
      const giveUpAt = Date.now() + POOLER_RESTART_GRACE_MS;
      for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
        try {
          return await super.connect();
        } catch (error) {
          if (!refused(error) || Date.now() + wait > giveUpAt) throw error;
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    };
    if (!callback) return attempt();
    attempt().then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
}

/** The server's own address of a pool opened through a pooler (LISTEN needs a session of its own). */
const directConnections = new WeakMap<pg.Pool, pg.ClientConfig>();

/**
 * How to open a session of its own on the server behind `pool`: its direct address when the pool
 * goes through a pooler, else the pool's own settings.
 */
export function directConnectionOf(pool: pg.Pool): pg.ClientConfig {
  return directConnections.get(pool) ?? pool.options;
}

/** Opens the embedded database (PGlite) or a PostgreSQL server through node-postgres. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const { directUrl } = options;
    const settings = { connectionString: options.url, max: options.poolSize ?? 10 };
    const pool = directUrl ? new PoolerPool({ ...settings, Client: UnnamedStatementClient }) : new pg.Pool(settings);
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    if (directUrl) directConnections.set(pool, { connectionString: directUrl });
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        if (!directUrl) return migrateOnePoolAtATime(pool, () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR }));
        // The migrations' session lock holds a server session for their whole run: not through the pooler.
        const direct = new pg.Pool({ connectionString: directUrl, max: 2 });
        direct.on('error', () => undefined);
        try {
          const directDb = drizzleNodePg({ client: direct, schema });
          await migrateOnePoolAtATime(direct, () => migrateNodePg(directDb, { migrationsFolder: MIGRATIONS_DIR }));
        } finally {
          await direct.end();
        }
      },
      close: () => pool.end(),
    };
  }

  let loadDataDir = options.loadDataDir;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    // A new data folder starts from the empty cluster the build prepared, when there is one.
    const isNew = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
    if (isNew && !loadDataDir && existsSync(PGLITE_BASE)) loadDataDir = new Blob([await readFile(PGLITE_BASE)]);
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  // A new WAL segment (16 MB, every ~2 500 imported products) is not written full of zeros
  // first: with PGlite's fsync off (decision 0028) zero-filling secures nothing, and it made the
  // statement that crossed into the segment ~40 ms slower (decision 0040). PGlite is one session,
  // so a session setting holds for all its statements.
  await client.exec('set wal_init_zero = off');
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}
