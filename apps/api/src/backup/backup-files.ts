import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Which database a backup file holds: the embedded one (PGlite's data folder) or a server's (pg_dump). */
export type BackupKind = 'pglite' | 'postgres';

/** `npm run backup` and the socket trigger write `manual` backups; the shop's timer `auto` ones, which alone are pruned. */
export type BackupOrigin = 'manual' | 'auto';

const EXTENSION: Record<BackupKind, string> = { pglite: '.tar.gz', postgres: '.dump' };

/** The folder backups go to when nothing else is said: `DATA_DIR/backups`. */
export const backupDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * `dukkan-pglite-2026-11-23T10-15-00.123Z.tar.gz`, `dukkan-postgres-auto-….dump`: the time is UTC
 * with `-` for `:` (not allowed in Windows file names), so names sort in time order.
 */
export function backupFileName(kind: BackupKind, origin: BackupOrigin, at: Date): string {
  const stamp = at.toISOString().replace(/:/g, '-');
  return `dukkan-${kind}${origin === 'auto' ? '-auto' : ''}-${stamp}${EXTENSION[kind]}`;
}

const autoPattern = (kind: BackupKind) => new RegExp(`^dukkan-${kind}-auto-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z\\${EXTENSION[kind]}$`);

/** The shop's own backups of `kind` in `dir`, oldest first (absolute paths). */
export async function listAutoBackups(dir: string, kind: BackupKind): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const pattern = autoPattern(kind);
  return names
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** When the newest of the shop's own backups of `kind` was written, or undefined when there is none. */
export async function newestAutoBackupTime(dir: string, kind: BackupKind): Promise<Date | undefined> {
  const newest = (await listAutoBackups(dir, kind)).at(-1);
  return newest ? (await stat(newest)).mtime : undefined;
}

/**
 * Deletes the shop's own backups of `kind` but the newest `keep`; answers the paths deleted.
 * Backups the operator asked for (`npm run backup`) are never deleted here.
 */
export async function pruneAutoBackups(dir: string, kind: BackupKind, keep: number): Promise<string[]> {
  const files = await listAutoBackups(dir, kind);
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const file of old) await rm(file, { force: true });
  return old;
}

/**
 * Writes a backup under `final` through `write(partialPath)` so that a file with the final name
 * is always whole: written as `<final>.partial`, flushed to the disk, then renamed (and the
 * folder flushed, so the rename survives a power cut). A failed write leaves no file behind.
 */
export async function writeAtomically(final: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${final}.partial`;
  try {
    await write(partial);
    const file = await open(partial, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, final);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const dir = await open(path.dirname(final), 'r');
  try {
    await dir.sync();
  } catch {
    // Some file systems cannot flush a folder; the file itself is flushed.
  } finally {
    await dir.close();
  }
}

/** Not a backup this shop can restore; the message says what the file is instead. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/**
 * Which database the file is a backup of, from its first bytes: a gzip or tar stream is PGlite's
 * data folder, `PGDMP` starts a pg_dump custom-format archive.
 */
export async function detectBackupKind(file: string): Promise<BackupKind> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupFileError(code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file} (${code ?? String(error)}).`);
  }
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (bytesRead >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
    if (bytesRead >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
    throw new BackupFileError(`${file} is not a Dukkan backup (neither an embedded database's .tar.gz nor a pg_dump custom-format .dump).`);
  } finally {
    await handle.close();
  }
}
