import path from 'node:path';

import { embeddedDataFolder, embeddedDatabaseOpen } from '../backup/trigger';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { prepareDatabase } from '../db/prepare';

/** The configured database cannot be opened by an operator's command now; the message says why. */
export class DatabaseInUse extends Error {}

/**
 * Refuses an embedded database another process has open. PGlite takes no lock on its folder: a
 * second process opens it without complaint and the two overwrite each other's pages. While
 * PGlite has the folder open it keeps a `postmaster.pid` there (removed when it closes), so
 * that file is the sign the server is running on it.
 */
export function embeddedDatabaseInUse(config: Pick<Config, 'dataDir'>): string | null {
  if (!embeddedDatabaseOpen(config.dataDir)) return null;
  const dir = embeddedDataFolder(config.dataDir);
  return [
    `The embedded database in ${dir} is open in another process (the server?).`,
    'Only one process at a time may use it: stop the server, run this command, then start the server again',
    '(or run the shop on PostgreSQL with DATABASE_URL, where both can run together).',
    `If nothing is running, the last process stopped without closing it: delete ${path.join(dir, 'postmaster.pid')} and try again.`,
  ].join('\n');
}

/**
 * Opens the configured database for an operator's command (`npm run orders`, `npm run mail`),
 * runs `use` on it and closes it: DATABASE_URL when set, else the embedded one in DATA_DIR, which
 * must not be open in another process (`DatabaseInUse`).
 */
export async function withOperatorDatabase<T>(config: Config, use: (db: Database) => Promise<T>): Promise<T> {
  if (!config.databaseUrl) {
    const inUse = embeddedDatabaseInUse(config);
    if (inUse) throw new DatabaseInUse(inUse);
  }
  const database = await prepareDatabase(config);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}
