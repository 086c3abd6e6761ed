import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';

import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';

import { adminQuery, databaseUrl, quoteIdent } from './pg-admin';

export interface TestDatabase extends DatabaseHandle {
  /** Drops what the copy left behind (the PostgreSQL database); call after close(). */
  destroy(): Promise<void>;
}

/** A fresh, migrated database holding the demo catalog, private to the calling test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject('dbKind') === 'postgres') {
    const url = inject('pgUrl');
    const name = `dukkan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `create database ${quoteIdent(name)} template ${quoteIdent(inject('pgTemplate'))}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: 4 });
    return { ...handle, destroy: () => adminQuery(url, `drop database if exists ${quoteIdent(name)} with (force)`) };
  }
  const dump = await readFile(inject('pgliteDump'));
  const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { ...handle, destroy: async () => undefined };
}

/** What a GET answered: status, headers and the body parsed as JSON (undefined when empty). */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** GET `url` through the app (no port). */
  get(url: string, headers?: Record<string, string>): Promise<JsonAnswer>;
  close(): Promise<void>;
}

/** The whole Fastify app over a fresh database, for `app.inject` (no port is opened). */
export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ db: database.db, logLevel: 'silent' });
  await app.ready();
  return {
    app,
    database,
    get: async (url, headers = {}) => {
      const res = await app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, headers: res.headers, body: res.body ? (res.json() as unknown) : undefined };
    },
    close: async () => {
      await app.close();
      await database.close();
      await database.destroy();
    },
  };
}

/**
 * A test file's app: created before its first test, closed after its last. Read `app`,
 * `database` and `get` inside tests (they exist once the file's tests run).
 */
export function useTestApp(): Omit<TestApp, 'close'> {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp();
  });
  afterAll(async () => {
    await current?.close();
  });
  const started = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app exists only while the tests run');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get: (url, headers) => started().get(url, headers),
  };
}
