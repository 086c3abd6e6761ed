import { sql } from 'drizzle-orm';

import { rowsOf, type Database } from '../db/client';
import { shopSettings } from '../db/schema';

/** The row in `shop_settings` that says which process of a fleet takes the shop's periodic backup. */
const TURN_KEY = 'backupTurn';

/**
 * How long a backup may run before the fleet takes its process for dead and lets another take the
 * turn: a backup of a big shop takes minutes, a process killed in the middle never says so.
 */
export const BACKUP_LEASE_MS = 60 * 60_000;

/**
 * Takes the shop's turn to write its periodic backup (decision 0061): answers true for exactly one
 * of the processes of a fleet that ask at once, and only when the last backup was done more than
 * `intervalMs` ago, or one started more than `leaseMs` ago never finished (its process died), or
 * the last one failed. One statement: PostgreSQL re-checks the condition on the row a concurrent
 * claim just wrote, so a second claimer finds the turn taken.
 */
export async function claimBackupTurn(db: Database, intervalMs: number, leaseMs = BACKUP_LEASE_MS): Promise<boolean> {
  const claimed = await db.execute(sql`
    insert into ${shopSettings} (key, value, updated_at) values (${TURN_KEY}, '{"state":"running"}'::jsonb, now())
    on conflict (key) do update set value = excluded.value, updated_at = now()
    where (${shopSettings.value}->>'state' = 'done' and ${shopSettings.updatedAt} < now() - make_interval(secs => ${intervalMs / 1000}))
       or (${shopSettings.value}->>'state' = 'running' and ${shopSettings.updatedAt} < now() - make_interval(secs => ${leaseMs / 1000}))
       or ${shopSettings.value}->>'state' = 'failed'
    returning key`);
  return rowsOf(claimed).length === 1;
}

/** Ends this process's turn: `done` starts the next interval, `failed` lets the next claimer try again. */
export async function endBackupTurn(db: Database, state: 'done' | 'failed'): Promise<void> {
  await db.execute(sql`update ${shopSettings} set value = ${JSON.stringify({ state })}::jsonb, updated_at = now() where key = ${TURN_KEY}`);
}
