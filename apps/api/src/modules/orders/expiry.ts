import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { startPeriodicJob, type StopJob } from '../../lib/periodic-job';

import { cancelUnpaidOrders } from './service';

/** How often a running API process looks for unpaid orders past their `payBy`. */
export const ORDER_EXPIRY_INTERVAL_MS = 60 * 1000;
const BATCH_SIZE = 100;

/**
 * Cancels every order still unpaid after its `payBy` (placed + PAYMENT_TIMEOUT_MINUTES) and gives
 * its stock back, a batch per transaction; answers how many it cancelled. Safe to run from
 * several processes at once: an order another process has locked is skipped (`SKIP LOCKED`), and
 * `cancelUnpaidOrders` cancels only orders still `Pending`, so no stock is ever returned twice.
 */
export async function expireUnpaidOrders(db: Database, batchSize = BATCH_SIZE): Promise<number> {
  let expired = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.paymentStatus, 'Pending'), lt(orders.payBy, sql`now()`)))
        .orderBy(asc(orders.payBy))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const cancelled = await cancelUnpaidOrders(
        tx,
        due.map((row) => row.id),
        'Expired',
      );
      return { seen: due.length, cancelled: cancelled.length };
    });
    expired += count.cancelled;
    if (count.seen < batchSize) return expired;
  }
}

/** Cancels unpaid orders past their time now and then every minute, until stopped. */
export function startOrderExpiry(db: Database, log: FastifyBaseLogger, intervalMs = ORDER_EXPIRY_INTERVAL_MS): StopJob {
  return startPeriodicJob({
    run: () => expireUnpaidOrders(db),
    intervalMs,
    log,
    doneMessage: 'cancelled unpaid orders and returned their stock',
    failedMessage: 'unpaid order expiry failed',
  });
}
