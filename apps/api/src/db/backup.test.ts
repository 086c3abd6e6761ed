// Backup, change, restore on the database of the project running this file: the embedded one
// (api) or the PostgreSQL server (api-pg). Decision 0032.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { BackupFileError, detectBackupKind, listAutoBackups } from '../backup/backup-files';
import { claimBackupTurn, endBackupTurn } from '../backup/backup-turn';
import { restoreEmbeddedDatabase, restoreServerDatabase } from '../backup/restore-backup';
import { nextBackupDue, startShopBackups } from '../backup/shop-backups';
import { writeBackup, type BackupSource } from '../backup/take-backup';
import { embeddedDataFolder } from '../backup/trigger';
import { loadConfig } from '../config/env';
import { adminQuery, databaseUrl, quoteIdent } from '../test/pg-admin';
import { createTestDatabase } from '../test/test-app';

import { openDatabase, type DatabaseHandle } from './client';
import { products, users } from './schema';

const isPostgres = inject('dbKind') === 'postgres';
const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-backup-'));
  dirs.push(dir);
  return dir;
}

/** A database as the shop has it: for PGlite a data folder in DATA_DIR, for the server a copy of the template. */
interface ShopDatabase {
  dataDir: string;
  handle: DatabaseHandle;
  source: BackupSource;
  /** Opens the database again (after a restore). */
  reopen(): Promise<DatabaseHandle>;
  /** The server database's URL. */
  url?: string;
}

async function shopDatabase(): Promise<ShopDatabase> {
  const dataDir = await tempDir();
  if (isPostgres) {
    const database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const url = database.url!;
    return { dataDir, handle: database, url, source: { kind: 'postgres', url }, reopen: () => openDatabase({ kind: 'postgres', url, poolSize: 2 }) };
  }
  const folder = embeddedDataFolder(dataDir);
  const handle = await openDatabase({ kind: 'pglite', dataDir: folder, loadDataDir: new Blob([await readFile(inject('pgliteDump'))]) });
  return { dataDir, handle, source: { kind: 'pglite', handle }, reopen: () => openDatabase({ kind: 'pglite', dataDir: folder }) };
}

const emails = async (handle: DatabaseHandle) => (await handle.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();

describe(`backups of the ${isPostgres ? 'PostgreSQL server' : 'embedded'} database`, () => {
  it('backup, change, restore: the state of the backup comes back', { timeout: 120_000 }, async () => {
    const shop = await shopDatabase();
    const [product] = await shop.handle.db.select({ id: products.id, quantity: products.quantity }).from(products).limit(1);
    await shop.handle.db.insert(users).values({ name: 'Kept', email: 'kept@example.com', passwordHash: 'unused' });

    const file = await writeBackup(shop.source, path.join(shop.dataDir, 'backups'), 'manual');
    expect(path.isAbsolute(file)).toBe(true);
    expect(path.basename(file)).toMatch(isPostgres ? /^dukkan-postgres-\d{4}-.*Z\.dump$/ : /^dukkan-pglite-\d{4}-.*Z\.tar\.gz$/);
    expect(await detectBackupKind(file)).toBe(shop.source.kind);
    // Nothing half-written is left beside it.
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);

    await shop.handle.db.delete(users).where(eq(users.email, 'kept@example.com'));
    await shop.handle.db.insert(users).values({ name: 'Later', email: 'later@example.com', passwordHash: 'unused' });
    await shop.handle.db.update(products).set({ quantity: product!.quantity + 50 }).where(eq(products.id, product!.id));
    await shop.handle.close();

    if (isPostgres) await restoreServerDatabase(file, shop.url!);
    else {
      const { previous } = await restoreEmbeddedDatabase(file, embeddedDataFolder(shop.dataDir));
      // The folder as it was is kept, with the change made after the backup.
      expect(previous).toBeDefined();
      const before = await openDatabase({ kind: 'pglite', dataDir: previous! });
      try {
        expect(await emails(before)).toContain('later@example.com');
      } finally {
        await before.close();
      }
    }

    const restored = await shop.reopen();
    try {
      const now = await emails(restored);
      expect(now).toContain('kept@example.com');
      expect(now).not.toContain('later@example.com');
      const [again] = await restored.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product!.id));
      expect(again!.quantity).toBe(product!.quantity);
      // The shop can start on it: its migrations are all recorded.
      await restored.migrate();
    } finally {
      await restored.close();
    }
  });

  it.runIf(isPostgres)('restores a server backup into a new, empty database', { timeout: 120_000 }, async () => {
    const shop = await shopDatabase();
    await shop.handle.db.insert(users).values({ name: 'Moved', email: 'moved@example.com', passwordHash: 'unused' });
    const file = await writeBackup(shop.source, path.join(shop.dataDir, 'backups'), 'manual');
    await shop.handle.close();

    const name = `dukkan_t_${process.pid}_restore_empty`;
    const base = inject('pgUrl');
    await adminQuery(base, `drop database if exists ${quoteIdent(name)}`);
    await adminQuery(base, `create database ${quoteIdent(name)}`);
    cleanups.push(() => adminQuery(base, `drop database if exists ${quoteIdent(name)} with (force)`));
    await restoreServerDatabase(file, databaseUrl(base, name));

    const restored = await openDatabase({ kind: 'postgres', url: databaseUrl(base, name), poolSize: 2 });
    try {
      expect(await emails(restored)).toContain('moved@example.com');
      expect((await restored.db.select({ id: products.id }).from(products)).length).toBeGreaterThan(0);
      await restored.migrate();
    } finally {
      await restored.close();
    }
  });

  it('keeps its own backups every interval, the newest BACKUP_KEEP of them', { timeout: 120_000 }, async () => {
    const shop = await shopDatabase();
    const logs: string[] = [];
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
    const dir = path.join(shop.dataDir, 'backups');
    // A backup the operator asked for is never pruned.
    const manual = await writeBackup(shop.source, dir, 'manual');

    // Every 0.5 s; the first one is due one interval after start.
    const backups = await startShopBackups({
      config: { dataDir: shop.dataDir, databaseUrl: shop.url, backupIntervalHours: 0.5 / 3600, backupKeep: 2 },
      database: shop.handle,
      log: logger.log,
    });
    const written = () => logs.filter((line) => line.includes('periodic backup written')).map((line) => (JSON.parse(line) as { file: string }).file);
    try {
      await expect.poll(() => written().length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    } finally {
      await backups.stop();
      await shop.handle.close();
    }
    const kept = await listAutoBackups(dir, shop.source.kind);
    expect(kept).toEqual(written().slice(-2));
    expect(existsSync(manual)).toBe(true);
    expect(logs.join('\n')).toContain('old periodic backups deleted');
  });

  it.runIf(isPostgres)('logs once, and goes on serving, when pg_dump is missing', { timeout: 30_000 }, async () => {
    const shop = await shopDatabase();
    const logs: string[] = [];
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
    const path_ = process.env.PATH;
    process.env.PATH = '/nonexistent';
    const backups = await startShopBackups({
      config: { dataDir: shop.dataDir, databaseUrl: shop.url, backupIntervalHours: 0.2 / 3600, backupKeep: 2 },
      database: shop.handle,
      log: logger.log,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      process.env.PATH = path_;
      await backups.stop();
      await shop.handle.close();
    }
    const errors = logs.filter((line) => line.includes('"level":50'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('pg_dump was not found on PATH');
  });
});

describe(`the fleet's turn to back up the shop (${isPostgres ? 'PostgreSQL server' : 'embedded'})`, () => {
  it('goes to one of three processes asking at once, and to another when its process died mid-backup', { timeout: 60_000 }, async () => {
    const shop = await shopDatabase();
    // Three processes of a fleet: three pools on one database.
    const fleet = isPostgres ? await Promise.all([0, 1, 2].map(() => shop.reopen())) : [shop.handle, shop.handle, shop.handle];
    try {
      const hour = 60 * 60_000;
      const claims = await Promise.all(fleet.map((process) => claimBackupTurn(process.db, hour)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      // While it runs, and for an interval after it is done, nobody else takes it.
      expect(await claimBackupTurn(fleet[1]!.db, hour)).toBe(false);
      await endBackupTurn(fleet[claims.indexOf(true)]!.db, 'done');
      expect(await Promise.all(fleet.map((process) => claimBackupTurn(process.db, hour)))).toEqual([false, false, false]);
      // Once the interval has passed: the turn again, to one.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await Promise.all(fleet.map((process) => claimBackupTurn(process.db, 10)));
      expect(next.filter(Boolean)).toHaveLength(1);
      // Its process dies without ending the turn: within the lease, nobody; past it, one other.
      expect(await claimBackupTurn(fleet[0]!.db, 10)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await Promise.all(fleet.map((process) => claimBackupTurn(process.db, 10, 20)));
      expect(after.filter(Boolean)).toHaveLength(1);
      // A failed backup gives the turn back at once.
      await endBackupTurn(fleet[0]!.db, 'failed');
      expect((await Promise.all(fleet.map((process) => claimBackupTurn(process.db, hour)))).filter(Boolean)).toHaveLength(1);
    } finally {
      if (isPostgres) await Promise.all(fleet.map((process) => process.close()));
      await shop.handle.close();
    }
  });
});

describe('backup files', () => {
  it('schedules the first periodic backup from the newest kept, or soon after start', () => {
    const start = new Date('2026-11-23T10:00:00Z');
    const day = 24 * 3600_000;
    expect(nextBackupDue(undefined, start, day).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(nextBackupDue(undefined, start, 600_000).toISOString()).toBe('2026-11-23T10:10:00.000Z');
    expect(nextBackupDue(new Date('2026-11-20T08:00:00Z'), start, day).toISOString()).toBe('2026-11-21T08:00:00.000Z');
  });

  it('reads BACKUP_INTERVAL_HOURS (default 24, 0 = off, fractions allowed) and BACKUP_KEEP (default 7)', () => {
    expect(loadConfig({})).toMatchObject({ backupIntervalHours: 24, backupKeep: 7 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '1' })).toMatchObject({ backupIntervalHours: 0, backupKeep: 1 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0.5' })).toMatchObject({ backupIntervalHours: 0.5 });
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow('BACKUP_INTERVAL_HOURS: BACKUP_INTERVAL_HOURS must be a number of hours from 0');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP: BACKUP_KEEP must be a whole number from 1');
    expect(() => loadConfig({ BACKUP_KEEP: '2.5' })).toThrow('BACKUP_KEEP must be a whole number from 1');
  });

  it('refuses a file that is not a backup, saying so', async () => {
    const file = path.join(await tempDir(), 'notes.txt');
    await writeFile(file, 'not a backup at all');
    await expect(detectBackupKind(file)).rejects.toThrow(BackupFileError);
    await expect(detectBackupKind(file)).rejects.toThrow(/is not a Dukkan backup/);
    await expect(detectBackupKind(`${file}.missing`)).rejects.toThrow(/No such file/);
  });
});
