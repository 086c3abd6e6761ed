// `npm run backup`: writes one consistent backup of the configured database (DATABASE_URL, else
// the embedded one in DATA_DIR) into DATA_DIR/backups/ and prints its absolute path, alone, on
// standard output. Exit code 0 when written, 1 when refused or failed. Decision 0032.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { backupDir } from '../backup/backup-files';
import { writeBackup } from '../backup/take-backup';
import { askRunningShop, embeddedDatabaseOpen, embeddedDataFolder } from '../backup/trigger';
import { loadConfig, type Config } from '../config/env';
import { openDatabase } from '../db/client';

export const USAGE = `Usage: npm run backup

Writes one consistent backup into DATA_DIR/backups/ (default ./data/backups) and prints its path.
  DATABASE_URL set: pg_dump --format=custom of that database (a .dump file; needs the PostgreSQL
                    client programs of at least the server's major version).
  otherwise:        the embedded database in DATA_DIR/pglite (a .tar.gz file). When the shop is
                    running on it, the shop writes the backup itself when asked
                    (through DATA_DIR/backup.sock); else this command opens the database.
Restore with: npm run restore -- FILE (with the shop stopped).`;

/** Why the backup was not written; printed as is. */
class Refusal extends Error {}

async function backUpEmbedded(config: Config): Promise<string> {
  const folder = embeddedDataFolder(config.dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new Refusal(`There is no embedded database in ${folder} (check DATA_DIR).`);

  const answer = await askRunningShop(config.dataDir);
  if (answer) {
    if ('error' in answer) throw new Refusal(`The running shop could not write the backup: ${answer.error}`);
    return answer.file;
  }
  if (embeddedDatabaseOpen(config.dataDir)) {
    throw new Refusal(
      [
        `The embedded database in ${folder} is open in another process that does not answer backup requests`,
        `on ${path.join(config.dataDir, 'backup.sock')} (an older shop, or npm run orders?). Stop it and try again.`,
        `If nothing is running, the last process stopped without closing it: delete ${path.join(folder, 'postmaster.pid')} and try again.`,
      ].join('\n'),
    );
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: folder });
  try {
    return await writeBackup({ kind: 'pglite', handle }, backupDir(config.dataDir), 'manual');
  } finally {
    await handle.close();
  }
}

/** Writes the backup and answers the process's exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (argv.length > 0) {
    console.error(`npm run backup takes no arguments (${argv.join(' ')}).\n\n${USAGE}`);
    return 1;
  }
  try {
    const config = loadConfig(env);
    const file = config.databaseUrl
      ? await writeBackup({ kind: 'postgres', url: config.databaseUrl }, backupDir(config.dataDir), 'manual')
      : await backUpEmbedded(config);
    process.stdout.write(`${file}\n`);
    return 0;
  } catch (error) {
    console.error(error instanceof Refusal ? error.message : `The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

// Run only as the program (`tsx src/cli/backup.ts`), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
