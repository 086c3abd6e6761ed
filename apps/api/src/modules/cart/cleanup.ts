import { GUEST_CART_LIFETIME_DAYS } from '@dukkan/contracts/cart';
import { and, asc, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../db/client';
import { carts } from '../../db/schema';
import { startPeriodicJob, type StopJob } from '../../lib/periodic-job';

/** How often a running API process deletes expired guest carts. */
export const GUEST_CART_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH_SIZE = 500;

export interface GuestCartCleanupOptions {
  /** Guest carts untouched (no write) for longer than this are deleted; default 30. */
  lifetimeDays?: number;
  /** Rows per DELETE statement; default 500. */
  batchSize?: number;
}

/**
 * Deletes guest carts whose last change (`updated_at`) is older than the lifetime, with their
 * lines, in batches of one statement each; answers how many were deleted. Safe to run from
 * several processes at once: rows another process (or a guest's write in flight) has locked are
 * skipped (`FOR UPDATE SKIP LOCKED`), and a cart written meanwhile is re-checked against the age.
 * Shoppers' carts are never touched.
 */
export async function deleteExpiredGuestCarts(
  db: Database,
  { lifetimeDays = GUEST_CART_LIFETIME_DAYS, batchSize = BATCH_SIZE }: GuestCartCleanupOptions = {},
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const expired = db
      .select({ id: carts.id })
      .from(carts)
      .where(and(isNotNull(carts.guestId), lt(carts.updatedAt, sql`now() - make_interval(days => ${lifetimeDays})`)))
      .orderBy(asc(carts.updatedAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db.delete(carts).where(inArray(carts.id, expired)).returning({ id: carts.id });
    const count = rows.length;
    deleted += count;
    if (count < batchSize) return deleted;
  }
}

/** Deletes expired guest carts now and then every hour, until stopped. */
export function startGuestCartCleanup(db: Database, log: FastifyBaseLogger, intervalMs = GUEST_CART_CLEANUP_INTERVAL_MS): StopJob {
  return startPeriodicJob({
    run: () => deleteExpiredGuestCarts(db),
    intervalMs,
    log,
    doneMessage: 'deleted expired guest carts',
    failedMessage: 'guest cart clean-up failed',
  });
}
