import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';

import { adminQuery, databaseUrl, quoteIdent } from '../test/pg-admin';

import { prepareDatabase } from './prepare';
import { categories, products, seedRuns, subcategories } from './schema';

type Db = Awaited<ReturnType<typeof prepareDatabase>>['db'];

async function counts(db: Db) {
  const [[c], [s], [p], [l]] = await Promise.all([
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(subcategories),
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(products).where(isNotNull(products.listPriceCents)),
  ]);
  return { categories: c?.n, subcategories: s?.n, products: p?.n, listPrices: l?.n };
}

/** An empty database of its own (a server database, or a PGlite data dir) and how to remove it. */
async function emptyDatabase(): Promise<{ config: { dataDir: string; databaseUrl: string | undefined }; cleanup: () => Promise<void> }> {
  if (inject('dbKind') === 'postgres') {
    const name = `dukkan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(inject('pgUrl'), `create database ${quoteIdent(name)}`);
    return {
      config: { dataDir: '', databaseUrl: databaseUrl(inject('pgUrl'), name) },
      cleanup: () => adminQuery(inject('pgUrl'), `drop database if exists ${quoteIdent(name)} with (force)`),
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-restart-'));
  return {
    config: { dataDir: path.join(dataDir, 'nested', 'data'), databaseUrl: undefined },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

describe('prepareDatabase', () => {
  it('creates, migrates and seeds on first start; a restart keeps every row and loads nothing again', async () => {
    const { config, cleanup } = await emptyDatabase();
    try {
      const first = await prepareDatabase(config);
      expect(first.seeded).toBe(true);
      const before = await counts(first.db);
      expect(before.categories).toBe(9);
      expect(before.products).toBeGreaterThanOrEqual(270);
      expect(before.listPrices).toBeGreaterThan(0);
      await first.close();

      const second = await prepareDatabase(config);
      expect(second.seeded).toBe(false);
      expect(await counts(second.db)).toEqual(before);
      await second.close();
    } finally {
      await cleanup();
    }
  }, 90_000); // two starts of a new embedded database: slow on a loaded 2-core host

  it('gives a database seeded before list prices existed its list prices on the next start', async () => {
    const { config, cleanup } = await emptyDatabase();
    try {
      const first = await prepareDatabase(config);
      const seeded = await counts(first.db);
      // What a database from before list prices looks like: none set, the step never run.
      await first.db.update(products).set({ listPriceCents: null });
      await first.db.delete(seedRuns).where(eq(seedRuns.name, 'demo-list-prices-v1'));
      await first.close();

      const second = await prepareDatabase(config);
      expect(second.seeded).toBe(false);
      expect(await counts(second.db)).toEqual(seeded);
      await second.close();
    } finally {
      await cleanup();
    }
  }, 90_000); // two starts of a new embedded database: slow on a loaded 2-core host

  it.runIf(inject('dbKind') === 'postgres')('lets two processes starting together migrate and seed one new database, one after the other (only on the PostgreSQL server: the embedded database belongs to one process)', async () => {
    const { config, cleanup } = await emptyDatabase();
    try {
      const [a, b] = await Promise.all([prepareDatabase(config), prepareDatabase(config)]);
      expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
      expect((await counts(a.db)).categories).toBe(9);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await cleanup();
    }
  });
});
