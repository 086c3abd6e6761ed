// `npm run restore -- FILE [--force]`: brings the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR) back to a backup written by `npm run backup` or the shop's timer.
// The shop must be stopped. Exit code 0 when restored, 1 when refused or failed. Decision 0032.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { BackupFileError, detectBackupKind } from '../backup/backup-files';
import { databaseName } from '../backup/pg-tools';
import { otherSessions, restoreEmbeddedDatabase, restoreServerDatabase } from '../backup/restore-backup';
import { askRunningShop, embeddedDatabaseOpen, embeddedDataFolder, triggerSocketPath } from '../backup/trigger';
import { loadConfig, type Config } from '../config/env';

export const USAGE = `Usage: npm run restore -- FILE [--force]

Brings the database back to the backup FILE, with the shop stopped:
  DATABASE_URL set: pg_restore of a .dump into that database (it may be new and empty), in one
                    transaction. Refused while other sessions are connected to it, unless --force.
  otherwise:        the embedded database in DATA_DIR/pglite is replaced by the .tar.gz; the
                    folder as it was is kept beside it (the path is printed).`;

/** Why nothing was restored; printed as is. */
class Refusal extends Error {}

/** Arguments that do not name a restore; the usage follows the message. */
export class UsageError extends Error {}

/** Reads `FILE [--force]`; throws `UsageError` with what is wrong. */
export function parseRestoreArgs(argv: string[]): { help: true } | { help: false; file: string; force: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) return { help: true };
  const [file, ...extra] = parsed.positionals;
  if (!file) throw new UsageError('Say which backup file to restore.');
  if (extra.length > 0) throw new UsageError(`restore takes one file, not ${parsed.positionals.length}.`);
  return { help: false, file, force: parsed.values.force ?? false };
}

async function restoreServer(file: string, url: string, force: boolean): Promise<string> {
  const others = await otherSessions(url);
  if (others > 0 && !force) {
    throw new Refusal(
      `${others} other ${others === 1 ? 'session is' : 'sessions are'} connected to the database ${databaseName(url)} (is the shop running?).\n` +
        'Stop the shop and try again, or add --force if they are not the shop.',
    );
  }
  await restoreServerDatabase(file, url);
  return `Restored the database ${databaseName(url)} from ${file}.`;
}

async function restoreEmbedded(file: string, config: Config): Promise<string> {
  const folder = embeddedDataFolder(config.dataDir);
  if ((await askRunningShop(config.dataDir, 5_000).catch(() => null)) !== null || embeddedDatabaseOpen(config.dataDir)) {
    throw new Refusal(
      [
        `The embedded database in ${folder} is open (the shop is running on it?): stop the shop, then restore.`,
        `If nothing is running, the last process stopped without closing it: delete ${path.join(folder, 'postmaster.pid')}`,
        `(and ${triggerSocketPath(config.dataDir)}, if there) and try again.`,
      ].join('\n'),
    );
  }
  const { previous } = await restoreEmbeddedDatabase(file, folder);
  return [
    `Restored the embedded database in ${folder} from ${file}.`,
    previous ? `The database as it was is kept in ${previous}; delete that folder when you no longer need it.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Restores the backup the arguments name and answers the process's exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const args = parseRestoreArgs(argv);
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadConfig(env);
    // npm runs the script inside apps/api; a relative FILE means where the command was typed.
    const file = path.resolve(env.INIT_CWD ?? process.cwd(), args.file);
    const kind = await detectBackupKind(file);
    if (config.databaseUrl && kind !== 'postgres') {
      throw new Refusal(`${file} is a backup of the embedded database, but DATABASE_URL is set. Unset DATABASE_URL to restore the embedded database in DATA_DIR.`);
    }
    if (!config.databaseUrl && kind !== 'pglite') {
      throw new Refusal(`${file} is a backup of a PostgreSQL server (pg_dump), but DATABASE_URL is not set: set it to the database to restore into.`);
    }
    if (args.force && !config.databaseUrl) throw new Refusal('--force is for a PostgreSQL server only.');
    const report = config.databaseUrl ? await restoreServer(file, config.databaseUrl, args.force) : await restoreEmbedded(file, config);
    process.stdout.write(`${report}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof Refusal || error instanceof BackupFileError) console.error(error.message);
    else console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

// Run only as the program (`tsx src/cli/restore.ts`), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
