import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

import { sql } from 'drizzle-orm';

import type { DatabaseHandle } from '../db/client';

import { backupFileName, writeAtomically, type BackupKind, type BackupOrigin } from './backup-files';
import { runPgTool } from './pg-tools';

/** The database a backup is taken of: an open embedded database, or a server reached by URL. */
export type BackupSource = { kind: 'pglite'; handle: Pick<DatabaseHandle, 'db' | 'dump'> } | { kind: 'postgres'; url: string };

/**
 * The embedded database's data folder as a gzipped tarball, consistent: taken inside a
 * transaction of PGlite's, which holds every other query and transaction of this process back
 * (PGlite runs one at a time), after a CHECKPOINT has written every committed change — also
 * asynchronously committed ones still in the WAL buffers — into the data files. Loading it
 * needs no recovery.
 */
export async function dumpEmbeddedDatabase(handle: Pick<DatabaseHandle, 'db' | 'dump'>): Promise<Buffer> {
  const { dump } = handle;
  if (!dump) throw new Error('This database handle cannot dump its data folder (not PGlite)');
  const tarball = await handle.db.transaction(async (tx) => {
    await tx.execute(sql`checkpoint`);
    return dump();
  });
  // Compressed after the transaction, so the shop waits only for the copy (well under a second);
  // level 1: a third of the default's time on the demo shop for a file 13% bigger.
  return promisify(gzip)(Buffer.from(await tarball.arrayBuffer()), { level: 1 });
}

/**
 * Writes one backup of `source` into `dir` (made when missing) and answers its absolute path.
 * The server's is `pg_dump --format=custom`, which reads one snapshot (consistent while the shop
 * keeps writing). A file with the final name is always whole (`writeAtomically`).
 */
export async function writeBackup(source: BackupSource, dir: string, origin: BackupOrigin, at = new Date()): Promise<string> {
  // Backups hold password hashes and addresses: readable by the shop's user only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const kind: BackupKind = source.kind;
  const file = path.resolve(dir, backupFileName(kind, origin, at));
  await writeAtomically(file, async (partial) => {
    if (source.kind === 'pglite') await writeFile(partial, await dumpEmbeddedDatabase(source.handle), { flag: 'wx', mode: 0o600 });
    else {
      await runPgTool('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`], source.url);
      await chmod(partial, 0o600);
    }
  });
  return file;
}
