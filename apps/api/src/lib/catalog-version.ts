import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';

import { directConnectionOf, type Database, type Executor } from '../db/client';
import { catalogVersion } from '../db/schema';

/**
 * How every API process learns that the catalog changed (issue #20, decision 0034): each catalog
 * write raises the one `catalog_version` row in its own transaction and sends a NOTIFY on
 * `CATALOG_CHANNEL` (delivered at commit, never for a rollback). Each process LISTENs on a
 * connection of its own (PGlite: its one connection) and also reads the row every
 * `CATALOG_POLL_MS`, so a lost connection or a missed notification costs at most that long.
 * When the version moves, the process drops its cached catalog answers, rendered pages and
 * sitemaps (the listeners registered with `onChange`).
 */
export const CATALOG_CHANNEL = 'dukkan_catalog';
/** The fallback poll of the version row; with the caches' own lifetimes this stays well under 10 s. */
export const CATALOG_POLL_MS = 2_000;

/**
 * Raises the catalog's version and notifies every process, in the caller's transaction: call it
 * in the transaction of every write shoppers can see (a product's fields, status, photos,
 * imports). The NOTIFY is delivered when that transaction commits.
 */
export async function bumpCatalogVersion(tx: Executor): Promise<void> {
  await tx.execute(sql`
    with raised as (
      insert into ${catalogVersion} (id, version, changed_at) values (1, 1, now())
      on conflict (id) do update set version = ${catalogVersion}.version + 1, changed_at = now()
      returning version
    )
    select pg_notify(${CATALOG_CHANNEL}, version::text) from raised`);
}

/** The catalog's version as a scalar subquery, for a statement that reads it with its rows (0 before the first write). */
export const catalogVersionNow = sql<number>`coalesce((select ${catalogVersion.version} from ${catalogVersion} where ${catalogVersion.id} = 1), 0)`;

/** The catalog's version now (0 before the first write). */
export async function readCatalogVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  return row?.version ?? 0;
}

export interface CatalogWatcherOptions {
  db: Database;
  log: FastifyBaseLogger;
  pollMs?: number;
}

/** Watches the catalog's version (NOTIFY plus a poll) and tells its listeners when it moves. */
export class CatalogWatcher {
  private readonly db: Database;
  private readonly log: FastifyBaseLogger;
  private readonly pollMs: number;
  private readonly listeners: (() => void)[] = [];
  private known: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private stopListening: (() => Promise<void>) | undefined;
  private checking: Promise<void> | undefined;

  constructor({ db, log, pollMs = CATALOG_POLL_MS }: CatalogWatcherOptions) {
    this.db = db;
    this.log = log;
    this.pollMs = pollMs;
  }

  /** Calls `listener` (synchronously) every time the catalog's version moves. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Reads the version, starts listening and polling. */
  async start(): Promise<void> {
    this.known = await readCatalogVersion(this.db);
    await this.listen();
    this.timer = setInterval(() => void this.check(), this.pollMs);
    this.timer.unref();
  }

  /**
   * Reads the version now and tells the listeners when it moved: on a notification, on each
   * poll, and right after this process's own writes (so their effect is visible at once here).
   */
  check(): Promise<void> {
    // One read at a time; a check asked for during one runs after it.
    const next = (this.checking ?? Promise.resolve()).then(async () => {
      if (this.stopped) return;
      try {
        const version = await readCatalogVersion(this.db);
        if (version !== this.known) {
          this.known = version;
          this.changed();
        }
      } catch (err) {
        this.log.warn({ err }, 'could not read the catalog version');
      }
    });
    this.checking = next;
    return next;
  }

  /** Tells the listeners that the catalog changed, without reading the version. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    await this.stopListening?.().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    // The driver's client behind Drizzle: PGlite, or node-postgres' pool.
    const client = (this.db as unknown as { $client?: unknown }).$client;
    const onNotify = () => void this.check();
    if (client instanceof PGlite) {
      const unlisten = await client.listen(CATALOG_CHANNEL, onNotify);
      this.stopListening = () => unlisten();
      return;
    }
    if (client instanceof pg.Pool) {
      // On the server itself: a transaction-mode pooler (PgBouncer) cannot keep a LISTEN.
      await this.listenOnServer(directConnectionOf(client), onNotify);
    }
  }

  /** LISTEN on a connection of its own, opened again (after a poll interval) when it is lost. */
  private async listenOnServer(options: pg.ClientConfig, onNotify: () => void): Promise<void> {
    if (this.stopped) return;
    const connection = new pg.Client(options);
    let ended = false;
    const reconnect = () => {
      if (ended) return;
      ended = true;
      connection.end().catch(() => undefined);
      if (this.stopped) return;
      // Meanwhile the poll keeps this process fresh; whatever changed is caught by the next check.
      setTimeout(() => {
        void this.listenOnServer(options, onNotify).then(() => this.check());
      }, this.pollMs).unref();
    };
    connection.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL) onNotify();
    });
    connection.on('error', (err) => {
      this.log.warn({ err }, 'catalog change listener lost its connection; polling until it is back');
      reconnect();
    });
    connection.on('end', reconnect);
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (err) {
      this.log.warn({ err }, 'could not listen for catalog changes; polling');
      reconnect();
      return;
    }
    this.stopListening = async () => {
      ended = true;
      await connection.end();
    };
  }
}

/**
 * The app's watcher of the catalog: started when the app is ready, stopped before it closes;
 * `cache` (the catalog answers) is emptied whenever the catalog changes. Pass the watcher to the
 * routes that keep catalog-made things of their own (pages, sitemaps) and to the writers.
 */
export function watchCatalog(app: FastifyInstance, db: Database, cache: { clear(): void }, pollMs?: number): CatalogWatcher {
  const watcher = new CatalogWatcher({ db, log: app.log, ...(pollMs === undefined ? {} : { pollMs }) });
  watcher.onChange(() => cache.clear());
  app.addHook('onReady', () => watcher.start());
  app.addHook('preClose', () => watcher.stop());
  return watcher;
}
