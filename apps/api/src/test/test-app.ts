import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';

import { SignInResponseSchema, type User } from '@dukkan/contracts/users';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';

import { buildApp } from '../app';
import { loadConfig, type Config } from '../config/env';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { CreationLimiter } from '../lib/creation-limiter';
import { FailureLimiter } from '../lib/failure-limiter';
import type { PaymentProvider } from '../payments/provider';

import { adminQuery, databaseUrl, quoteIdent } from './pg-admin';

export interface TestDatabase extends DatabaseHandle {
  /** Drops what the copy left behind (the PostgreSQL database); call after close(). */
  destroy(): Promise<void>;
  /** PostgreSQL server only: the copy's URL, for a second connection pool (a second API process). */
  url?: string;
}

/** A fresh, migrated database holding the demo catalog, private to the calling test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject('dbKind') === 'postgres') {
    const url = inject('pgUrl');
    const name = `dukkan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `create database ${quoteIdent(name)} template ${quoteIdent(inject('pgTemplate'))}`);
    const copyUrl = databaseUrl(url, name);
    const handle = await openDatabase({ kind: 'postgres', url: copyUrl, poolSize: 4 });
    return { ...handle, url: copyUrl, destroy: () => adminQuery(url, `drop database if exists ${quoteIdent(name)} with (force)`) };
  }
  const dump = await readFile(inject('pgliteDump'));
  const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { ...handle, destroy: () => Promise.resolve() };
}

/** What a GET answered: status, headers and the body parsed as JSON (undefined when empty). */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

/** A shopper created through the API for one test, with the token of a sign-in. */
export interface TestUser {
  user: User;
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as the `token` header: the request is made as that shopper. */
  as?: TestUser | string;
  /** The client's address (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Every log line the app wrote, as JSON text. */
  logs: string[];
  /** GET `url` through the app (no port). */
  get(url: string, headers?: Record<string, string>): Promise<JsonAnswer>;
  /** Any request through the app, optionally as a signed-in shopper (like fastify/demo's `injectWithLogin`). */
  request(method: InjectOptions['method'], url: string, options?: RequestOptions): Promise<JsonAnswer>;
  /** Signs up a new shopper through the API (unique email) and signs them in. */
  createUser(fields?: { name?: string; password?: string; email?: string }): Promise<TestUser>;
  close(): Promise<void>;
}

/** The configuration tests build the app with: a fixed secret, silent logs, Redis when REDIS_URL is set. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-of-at-least-32-characters!',
    DATA_DIR: os.tmpdir(),
    // Pages render in the test's own thread; server-rendering.test.ts tests the workers.
    SSR_WORKERS: '0',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...overrides,
  });
}

let userCounter = 0;

/** How a test file's app differs from the default one. */
export interface TestAppOptions {
  /** Environment variables on top of `testConfig`'s (`PUBLIC_URL`, `PAYMENT_PROVIDER`, …). */
  env?: Record<string, string>;
  /** Used instead of the configured provider: Stripe pointed at a local fake (test/fake-stripe.ts). */
  paymentProvider?: PaymentProvider;
}

/** The whole Fastify app over a fresh database, for `app.inject` (no port is opened). */
export async function createTestApp({ env, paymentProvider }: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(env);
  // Each app counts failures under its own prefix, so test files sharing one Redis never meet.
  const limiter = FailureLimiter.create({ redisUrl: config.redisUrl, keyPrefix: `test:${randomBytes(6).toString('hex')}` });
  const staffLimiter = FailureLimiter.create({ redisUrl: config.redisUrl, keyPrefix: `test-staff:${randomBytes(6).toString('hex')}` });
  // Sign-ups and guest carts likewise: no run counts another's (every test signs up from 127.0.0.1).
  const creationLimiter = CreationLimiter.create({ redisUrl: config.redisUrl, keyPrefix: `test:${randomBytes(6).toString('hex')}`, limits: config.creationLimits });
  const logs: string[] = [];
  const app = await buildApp({ config, db: database.db, limiter, staffLimiter, creationLimiter, logStream: { write: (line) => void logs.push(line) }, paymentProvider });
  await app.ready();

  const request: TestApp['request'] = async (method, url, { body, headers = {}, as, remoteAddress } = {}) => {
    const token = typeof as === 'string' ? as : as?.token;
    const res = await app.inject({
      method,
      url,
      headers: { ...(token !== undefined ? { token } : {}), ...headers },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return { status: res.statusCode, headers: res.headers, body: res.body ? res.json<unknown>() : undefined };
  };

  return {
    app,
    database,
    logs,
    get: (url, headers = {}) => request('GET', url, { headers }),
    request,
    createUser: async ({ name = 'Test Shopper', password = 'a-Long-test-passphrase-7', email } = {}) => {
      userCounter += 1;
      const address = email ?? `shopper-${process.pid}-${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
      const signUp = await request('POST', '/api/users/signup', { body: { name, email: address, password } });
      if (signUp.status !== 201) throw new Error(`createUser: signup answered ${signUp.status} ${JSON.stringify(signUp.body)}`);
      const signIn = await request('POST', '/api/users/signin', { body: { email: address, password } });
      const { token, data } = SignInResponseSchema.parse(signIn.body);
      return { user: data, id: data._id, email: data.email, password, token };
    },
    close: async () => {
      await app.close();
      await limiter.close();
      await staffLimiter.close();
      await creationLimiter.close();
      await database.close();
      await database.destroy();
    },
  };
}

/**
 * A test file's app: created before its first test, closed after its last. Read `app`,
 * `database` and `get` inside tests (they exist once the file's tests run). `options` may be a
 * function, read when the app is built: after the `beforeAll` hooks registered before this call
 * (which start, say, a fake Stripe whose address the provider needs).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): Omit<TestApp, 'close' | 'logs'> & { readonly logs: string[] } {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? options() : options);
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
    get logs() {
      return started().logs;
    },
    get: (url, headers) => started().get(url, headers),
    request: (method, url, options) => started().request(method, url, options),
    createUser: (fields) => started().createUser(fields),
  };
}
