import type { FastifyBaseLogger } from 'fastify';

import type { Config } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { startPeriodicJob, type StopJob } from '../lib/periodic-job';

import { backupDir, newestAutoBackupTime, pruneAutoBackups, type BackupOrigin } from './backup-files';
import { claimBackupTurn, endBackupTurn } from './backup-turn';
import { PgToolMissingError } from './pg-tools';
import { writeBackup, type BackupSource } from './take-backup';
import { listenForBackupRequests } from './trigger';

const HOUR = 60 * 60_000;
/** How often the shop looks whether a periodic backup is due (when the interval is longer). */
const CHECK_EVERY_MS = 60_000;

/**
 * When the shop's next own backup is due: one interval after the newest it kept (so restarts do
 * not reset the clock), or — with none yet — one interval after start, at most an hour, so a
 * shop restarted more often than the interval still gets one.
 */
export function nextBackupDue(newest: Date | undefined, startedAt: Date, intervalMs: number): Date {
  return new Date(newest ? newest.getTime() + intervalMs : startedAt.getTime() + Math.min(intervalMs, HOUR));
}

export interface ShopBackups {
  /** Writes a backup now (one at a time: a request waits for a backup in progress) and answers its path. */
  take(origin: BackupOrigin): Promise<string>;
  /** Stops the timer and the trigger, and waits for a backup in progress. */
  stop(): Promise<void>;
}

export interface ShopBackupsOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backupIntervalHours' | 'backupKeep'> & Partial<Pick<Config, 'databaseDirectUrl'>>;
  database: Pick<DatabaseHandle, 'kind' | 'db' | 'dump'>;
  log: FastifyBaseLogger;
  /** How long a backup in progress keeps the fleet's turn (default an hour); tests shorten it. */
  leaseMs?: number;
}

/**
 * The running shop's backups (decision 0032): every `BACKUP_INTERVAL_HOURS` into
 * `DATA_DIR/backups/`, keeping the newest `BACKUP_KEEP` — on a server, by one process of the fleet
 * for each interval, whichever takes the turn (backup-turn.ts, decision 0061); and, on the embedded database, which
 * no other process may open, a backup whenever `npm run backup` asks through the socket.
 */
export async function startShopBackups({ config, database, log, leaseMs }: ShopBackupsOptions): Promise<ShopBackups> {
  const dir = backupDir(config.dataDir);
  let source: BackupSource;
  if (database.kind === 'pglite') source = { kind: 'pglite', handle: database };
  // pg_dump reads in one session: from the server itself, not through a pooler.
  else if (config.databaseUrl) source = { kind: 'postgres', url: config.databaseDirectUrl ?? config.databaseUrl };
  else throw new Error('startShopBackups: a server database needs DATABASE_URL');

  let queue: Promise<unknown> = Promise.resolve();
  const take = (origin: BackupOrigin): Promise<string> => {
    const written = queue.then(() => writeBackup(source, dir, origin));
    queue = written.catch(() => undefined);
    return written;
  };

  const stopTrigger = source.kind === 'pglite' ? await listenForBackupRequests(config.dataDir, () => take('manual'), log) : () => Promise.resolve();

  let stopTimer: StopJob = () => Promise.resolve();
  const intervalMs = config.backupIntervalHours * HOUR;
  if (intervalMs > 0) {
    const startedAt = new Date();
    let retryAt = 0;
    let missingToolLogged = false;
    stopTimer = startPeriodicJob({
      intervalMs: Math.min(intervalMs, CHECK_EVERY_MS),
      log,
      doneMessage: 'old periodic backups deleted',
      failedMessage: 'periodic backup failed',
      run: async () => {
        // Read from the folder each time, so processes sharing DATA_DIR take turns.
        const due = Math.max(nextBackupDue(await newestAutoBackupTime(dir, source.kind), startedAt, intervalMs).getTime(), retryAt);
        if (Date.now() < due) return 0;
        // On a server, the processes of a fleet share the shop: one of them takes the turn.
        const shared = source.kind === 'postgres';
        if (shared && !(await claimBackupTurn(database.db, intervalMs, leaseMs))) return 0;
        try {
          const file = await take('auto');
          if (shared) await endBackupTurn(database.db, 'done');
          log.info({ file }, 'periodic backup written');
        } catch (error) {
          if (shared) await endBackupTurn(database.db, 'failed').catch(() => undefined);
          retryAt = Date.now() + Math.min(intervalMs, HOUR);
          if (!(error instanceof PgToolMissingError)) throw error;
          // Logged once: the shop serves on, and an hourly error would bury the rest of the log.
          if (!missingToolLogged) log.error(`periodic backups are off until pg_dump is installed: ${error.message}`);
          missingToolLogged = true;
          return 0;
        }
        return (await pruneAutoBackups(dir, source.kind, config.backupKeep)).length;
      },
    });
  }

  return {
    take,
    stop: async () => {
      await stopTimer();
      await stopTrigger();
      await queue;
    },
  };
}
