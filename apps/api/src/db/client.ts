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
  | { kind: 'postgres'; url: string; poolSize?: number }
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

/** Opens the embedded database (PGlite) or a PostgreSQL server through node-postgres. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateOnePoolAtATime(pool, () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR })),
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
