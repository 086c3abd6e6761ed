import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import { count } from 'drizzle-orm';
import pg from 'pg';

import { openDatabase } from '../db/client';
import { users } from '../db/schema';

import { BackupFileError } from './backup-files';
import { runPgTool } from './pg-tools';

/** Where an embedded restore put things: the restored folder, and the one it replaced (kept). */
export interface EmbeddedRestore {
  folder: string;
  /** The data folder as it was before the restore, moved aside; undefined when there was none. */
  previous: string | undefined;
}

/**
 * Brings the embedded database in `folder` back to the backup `file` (a PGlite data-folder
 * tarball). The backup is loaded into a new folder beside it and opened there, with a check that
 * it holds a Dukkan database; only then is the current folder moved aside (kept, never deleted)
 * and the new one put in its place. A backup that does not load changes nothing. The caller
 * makes sure no process has the folder open.
 */
export async function restoreEmbeddedDatabase(file: string, folder: string, at = new Date()): Promise<EmbeddedRestore> {
  const stamp = at.toISOString().replace(/:/g, '-');
  const staging = `${folder}.restoring-${stamp}`;
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: staging, loadDataDir: new Blob([await readFile(file)]) });
    try {
      await handle.db.select({ n: count() }).from(users);
    } catch (error) {
      throw new BackupFileError(`${file} loads, but holds no Dukkan database (${error instanceof Error ? error.message : String(error)}).`);
    } finally {
      // Closing removes the postmaster.pid that a backup of a running shop carries.
      await handle.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} could not be loaded as an embedded database: ${error instanceof Error ? error.message : String(error)}`);
  }
  let previous: string | undefined;
  if (existsSync(folder)) {
    previous = `${folder}.before-restore-${stamp}`;
    await rename(folder, previous);
  }
  await rename(staging, folder);
  return { folder: path.resolve(folder), previous };
}

/**
 * Client sessions connected to the database at `url` other than this check's own: a running
 * shop (or anything else) that a restore would pull the tables from under.
 */
export async function otherSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Brings the server database at `url` back to the pg_dump archive `file`, in one transaction:
 * every object the backup holds is dropped when present and made again with its rows, so it
 * works on the shop's database and on a new, empty one alike; a failure changes nothing.
 * Objects made after the backup that it does not hold (a newer version's tables) are left.
 */
export async function restoreServerDatabase(file: string, url: string): Promise<void> {
  await runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--no-password', file], url);
}
