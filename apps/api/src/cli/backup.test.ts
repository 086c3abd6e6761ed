// `npm run backup` and `npm run restore` in their own processes, on the embedded database: asked
// of the running shop through its socket, refused while the shop has the folder, and done by the
// command itself when the shop is stopped. The server's path is in db/backup.test.ts.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { startShopBackups } from '../backup/shop-backups';
import { embeddedDataFolder, triggerSocketPath } from '../backup/trigger';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { API_ROOT } from '../paths';
import { runCli } from '../test/run-cli';

import { parseRestoreArgs, UsageError } from './restore';


describe('restore arguments', () => {
  it('reads a file and --force, and says what is missing', () => {
    expect(parseRestoreArgs(['a.dump', '--force'])).toEqual({ help: false, file: 'a.dump', force: true });
    expect(parseRestoreArgs(['-h'])).toEqual({ help: true });
    expect(() => parseRestoreArgs([])).toThrow(UsageError);
    expect(() => parseRestoreArgs([])).toThrow('Say which backup file to restore.');
    expect(() => parseRestoreArgs(['a', 'b'])).toThrow('restore takes one file, not 2.');
    expect(() => parseRestoreArgs(['a', '--colour'])).toThrow(/Unknown option '--colour'/);
  });
});

// The api-pg project does not include this file; named on its command line, it skips.
describe.runIf(inject('dbKind') === 'pglite')('the backup and restore commands on the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('asks the running shop, refuses a restore under it, and restores once it has stopped', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-backup-cli-'));
    dirs.push(dataDir);
    const folder = embeddedDataFolder(dataDir);
    const logs: string[] = [];
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });

    // The shop: this process holds the database open and answers on the socket, as server.ts does.
    const shop = await openDatabase({ kind: 'pglite', dataDir: folder, loadDataDir: new Blob([await readFile(inject('pgliteDump'))]) });
    let fromShop: string;
    try {
      const backups = await startShopBackups({ config: { dataDir, databaseUrl: undefined, backupIntervalHours: 0, backupKeep: 7 }, database: shop, log: logger.log });
      try {
        await shop.db.insert(users).values({ name: 'Kept', email: 'kept@example.com', passwordHash: 'unused' });
        const asked = await runCli('backup', [], dataDir);
        expect(asked.stderr).toBe('');
        expect(asked.code).toBe(0);
        fromShop = asked.stdout.trim();
        expect(fromShop).toMatch(new RegExp(`^${path.join(dataDir, 'backups')}/dukkan-pglite-\\d{4}-[^/]+Z\\.tar\\.gz$`));
        expect(existsSync(fromShop)).toBe(true);
        expect(logs.some((line) => line.includes('backup written on request') && line.includes(fromShop))).toBe(true);

        const refused = await runCli('restore', [fromShop], dataDir);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`The embedded database in ${folder} is open (the shop is running on it?): stop the shop, then restore.`);

        await shop.db.delete(users).where(eq(users.email, 'kept@example.com'));
      } finally {
        await backups.stop();
      }
      expect(existsSync(triggerSocketPath(dataDir))).toBe(false);
    } finally {
      await shop.close();
    }

    // The shop has stopped: the command opens the database itself.
    const own = await runCli('backup', [], dataDir);
    expect(own.code).toBe(0);
    expect(own.stdout.trim()).not.toBe(fromShop);
    expect(existsSync(own.stdout.trim())).toBe(true);

    const restored = await runCli('restore', [fromShop], dataDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const kept = /kept in (\S+);/.exec(restored.stdout)?.[1];
    expect(restored.stdout).toContain(`Restored the embedded database in ${folder} from ${fromShop}.`);
    expect(kept && existsSync(kept)).toBe(true);

    const after = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      expect(await after.db.select({ name: users.name }).from(users).where(eq(users.email, 'kept@example.com'))).toEqual([{ name: 'Kept' }]);
    } finally {
      await after.close();
    }

    const wrongKind = await runCli('restore', [path.join(API_ROOT, 'package.json')], dataDir);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toContain('is not a Dukkan backup');
  });
});
