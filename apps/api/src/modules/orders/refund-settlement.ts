// The refund ledger (decision 0037): a refund is reserved as a pending row in the transaction
// that decides it, the provider is asked only after that commit, and its answer is recorded in a
// second transaction. A paid order's cancellation (cancel.ts) and a refund (refund.ts) both go
// through it.
import { centsToDollars } from '@dukkan/contracts/money';
import type { PaymentStatus } from '@dukkan/contracts/orders';
import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';

import type { Database, Executor, Transaction } from '../../db/client';
import { orders, paymentSessions, refunds } from '../../db/schema';
import { RefundRefusedError, type PaymentProvider } from '../../payments/provider';
import { recordAudit, type AuditActor } from '../admin/audit/record';

import { addEvent, auditValues, lockOrder, notifyShopper, type FulfilmentContext, type LockedOrder } from './fulfilment';
import { applyStockChanges, lockProducts } from './service';

/** Units of each product that refunds of the order have returned to stock or reserved to (succeeded and pending ones). */
export async function restockedUnits(tx: Executor, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ items: refunds.items })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), sql`${refunds.status} in ('succeeded', 'pending')`));
  const units = new Map<string, number>();
  for (const row of rows) {
    for (const item of RefundItemsSchema.parse(row.items)) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  }
  return units;
}

const RefundItemsSchema = z.array(z.object({ productId: z.string(), quantity: z.number().int() }));
export type RefundItem = z.infer<typeof RefundItemsSchema>[number];

/** Σ of the order's pending refunds: reserved, not yet answered by the provider. */
export async function pendingCents(tx: Executor, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::integer` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return row?.cents ?? 0;
}

/**
 * What staff other than the owner have refunded on the order, made or still pending: the approval
 * limit holds for their refunds together, so it cannot be walked around in pieces (issue #32:
 * two refunds of $499 on a $1 000 order). The owner's refunds are approved by who made them, and
 * the operator's at the shell (no role) have no limit.
 */
async function nonOwnerRefundedCents(tx: Executor, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::integer` })
    .from(refunds)
    // `<> 'owner'` leaves out the operator's refunds too: their role is null.
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['pending', 'succeeded']), ne(refunds.staffRole, 'owner')));
  return row?.cents ?? 0;
}

/**
 * Whether a refund of `amountCents` by `actor` needs the owner: the actor is not the owner and
 * what non-owners have refunded on the order, with this one, is above the limit (0: no limit).
 */
export async function needsOwner(tx: Executor, orderId: string, actor: AuditActor, amountCents: number, approvalLimitCents: number): Promise<boolean> {
  if (approvalLimitCents <= 0 || actor.role === 'owner' || actor.role === null) return false;
  return (await nonOwnerRefundedCents(tx, orderId)) + amountCents > approvalLimitCents;
}

/** The completed payment session of the order, the newest, if there is one. */
export async function paidSession(tx: Executor, orderId: string) {
  const [session] = await tx
    .select({ provider: paymentSessions.provider, providerSessionId: paymentSessions.providerSessionId })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'completed')))
    .orderBy(desc(paymentSessions.createdAt))
    .limit(1);
  return session;
}

/** A refund reserved in the first transaction: what the provider is asked for after the commit. */
export interface ReservedRefund {
  refundId: string;
  orderId: string;
  providerSessionId: string;
  amountCents: number;
}

/** Inserts a refund as pending work, in the caller's transaction (the order locked). */
export async function reserveRefund(
  tx: Transaction,
  order: LockedOrder,
  actor: AuditActor,
  { amountCents, reason, restock, items, provider }: { amountCents: number; reason: string; restock: boolean; items: RefundItem[]; provider: string },
): Promise<string> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      amountCents,
      currency: order.currency,
      reason,
      restock,
      items,
      status: 'pending',
      provider,
      staffId: actor.id,
      staffEmail: actor.email,
      staffRole: actor.role,
    })
    .returning({ id: refunds.id });
  if (!row) throw new Error('the refund insert answered no row');
  return row.id;
}

/** The provider's answer to a reserved refund: made, refused, or unknown (no answer). */
export type ProviderAnswer = { kind: 'refunded'; refundId: string } | { kind: 'failed'; message: string } | { kind: 'unknown'; message: string };

async function askProvider(provider: PaymentProvider, refund: ReservedRefund): Promise<ProviderAnswer> {
  try {
    return await provider.refund({ orderId: refund.orderId, providerSessionId: refund.providerSessionId, amountCents: refund.amountCents, refundId: refund.refundId });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof RefundRefusedError ? { kind: 'failed', message } : { kind: 'unknown', message };
  }
}

/**
 * Records the provider's answer to a pending refund, in one transaction with the order locked:
 * made — the refund succeeded with the provider's id, `refunded_cents` and the payment status
 * follow ('Refunded' when all is refunded, else 'Partially refunded'), its units go back to stock
 * (ledger kind 'restock'), the shopper is mailed; refused — the refund failed with the
 * provider's words, nothing else changes. Both write an order_events row and an audit record.
 * A refund no longer pending (recorded meanwhile by another process) is left as it is.
 */
export async function recordOutcome(db: Database, refundId: string, answer: Exclude<ProviderAnswer, { kind: 'unknown' }>, { actor, publicUrl }: FulfilmentContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [pending] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    if (!pending) return;
    const order = await lockOrder(tx, pending.orderId);
    const [refund] = await tx.select().from(refunds).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'))).for('update');
    if (!refund) return;
    const before = auditValues(order);
    if (answer.kind === 'failed') {
      await tx.update(refunds).set({ status: 'failed', failureMessage: answer.message.slice(0, 1000) }).where(eq(refunds.id, refundId));
      await addEvent(tx, order.id, actor, { kind: 'refund-failed', note: answer.message.slice(0, 1000), amountCents: refund.amountCents });
      await recordAudit(tx, actor, {
        action: 'order.refund',
        entityType: 'order',
        entityId: order.id,
        before,
        after: auditValues(order, { refundId, refundStatus: 'failed', amountCents: refund.amountCents, failureMessage: answer.message.slice(0, 1000) }),
      });
      return;
    }
    const refundedCents = order.refundedCents + refund.amountCents;
    const paymentStatus: PaymentStatus = refundedCents >= order.amountCents ? 'Refunded' : 'Partially refunded';
    await tx.update(refunds).set({ status: 'succeeded', providerRefundId: answer.refundId }).where(eq(refunds.id, refundId));
    await tx.update(orders).set({ refundedCents, paymentStatus, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    const items = RefundItemsSchema.parse(refund.items).filter((item) => item.quantity > 0);
    if (refund.restock && items.length > 0) {
      await lockProducts(
        tx,
        items.map((item) => item.productId),
        'en',
      );
      await applyStockChanges(
        tx,
        items.map((item) => ({ productId: item.productId, delta: item.quantity, orderId: order.id })),
        'restock',
        { staffId: refund.staffId, reason: refund.reason },
      );
    }
    await addEvent(tx, order.id, actor, { kind: 'refund', note: refund.reason, amountCents: refund.amountCents });
    await recordAudit(tx, actor, {
      action: 'order.refund',
      entityType: 'order',
      entityId: order.id,
      before,
      after: auditValues({ ...order, paymentStatus, refundedCents }, { refundId, refundStatus: 'succeeded', amountCents: refund.amountCents, restocked: refund.restock ? items : [] }),
    });
    await notifyShopper(
      tx,
      order.id,
      { kind: 'order-refunded', amount: centsToDollars(refund.amountCents), refundedTotal: centsToDollars(refundedCents), whole: paymentStatus === 'Refunded' },
      publicUrl,
    );
  });
}

/** Asks the provider for a reserved refund, after its commit, and records the answer; `unknown` stays pending. */
export async function settle(db: Database, provider: PaymentProvider, refund: ReservedRefund, context: FulfilmentContext): Promise<ProviderAnswer> {
  const answer = await askProvider(provider, refund);
  if (answer.kind === 'unknown') {
    context.log?.warn({ orderId: refund.orderId, refundId: refund.refundId }, 'the payment provider did not answer a refund: it stays pending');
    return answer;
  }
  await recordOutcome(db, refund.refundId, answer, context);
  return answer;
}

/** How long a pending refund is left to the request that reserved it before another asks the provider again. */
export const PENDING_REFUND_GRACE_SECONDS = 60;

/**
 * Asks the provider again for the refunds still pending after `PENDING_REFUND_GRACE_SECONDS`
 * (the process died between its two transactions, or the provider did not answer), with the
 * same refund id — so a refund the provider made already is answered, not made twice — and
 * records the answers. Of one order, or of every order. Answers how many were settled.
 */
export async function settlePendingRefunds(db: Database, provider: PaymentProvider, context: FulfilmentContext, orderId?: string): Promise<number> {
  const stale = await db
    .select({ refundId: refunds.id, orderId: refunds.orderId, amountCents: refunds.amountCents, provider: refunds.provider })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, sql`now() - make_interval(secs => ${PENDING_REFUND_GRACE_SECONDS})`),
        orderId ? eq(refunds.orderId, orderId) : undefined,
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(100);
  let settled = 0;
  for (const refund of stale) {
    if (refund.provider !== provider.name) continue;
    const session = await paidSession(db, refund.orderId);
    if (!session) {
      await recordOutcome(db, refund.refundId, { kind: 'failed', message: 'No completed payment session was found for the order.' }, context);
      settled += 1;
      continue;
    }
    const answer = await settle(db, provider, { ...refund, providerSessionId: session.providerSessionId }, context);
    if (answer.kind !== 'unknown') settled += 1;
  }
  return settled;
}
