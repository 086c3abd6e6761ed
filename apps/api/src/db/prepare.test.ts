import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { count } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';

import { adminQuery, databaseUrl, quoteIdent } from '../test/pg-admin';

import { prepareDatabase } from './prepare';
import { categories, products, subcategories } from './schema';

async function counts(db: Awaited<ReturnType<typeof prepareDatabase>>['db']) {
  const [[c], [s], [p]] = await Promise.all([
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(subcategories),
    db.select({ n: count() }).from(products),
  ]);
  return { categories: c?.n, subcategories: s?.n, products: p?.n };
}

describe('prepareDatabase', () => {
  it('creates, migrates and seeds on first start; a restart keeps every row and loads nothing again', async () => {
    let config: { dataDir: string; databaseUrl: string | undefined };
    let cleanup: () => Promise<void>;
    if (inject('dbKind') === 'postgres') {
      const name = `dukkan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(inject('pgUrl'), `create database ${quoteIdent(name)}`);
      config = { dataDir: '', databaseUrl: databaseUrl(inject('pgUrl'), name) };
      cleanup = () => adminQuery(inject('pgUrl'), `drop database if exists ${quoteIdent(name)} with (force)`);
    } else {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-restart-'));
      config = { dataDir: path.join(dataDir, 'nested', 'data'), databaseUrl: undefined };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
    try {
      const first = await prepareDatabase(config);
      expect(first.seeded).toBe(true);
      const before = await counts(first.db);
      expect(before.categories).toBe(9);
      expect(before.products).toBeGreaterThanOrEqual(270);
      await first.close();

      const second = await prepareDatabase(config);
      expect(second.seeded).toBe(false);
      expect(await counts(second.db)).toEqual(before);
      await second.close();
    } finally {
      await cleanup();
    }
  });
});
