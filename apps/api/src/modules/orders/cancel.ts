import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { orders, promotionUses } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { recordAudit } from '../admin/audit/record';

import { addEvent, auditValues, checkOrderId, dollars, FulfilmentError, isPaid, linesOf, lockOrder, notifyShopper, OPERATOR_CONTEXT, type FulfilmentContext } from './fulfilment';
import { needsOwner, paidSession, pendingCents, recordOutcome, reserveRefund, restockedUnits, settle } from './refund-settlement';
import { applyStockChanges, cancelUnpaidOrders, lockProducts } from './service';

/** A line whose stock a cancellation gave back. */
export interface ReturnedStock {
  productId: string;
  title: string;
  quantity: number;
}

/**
 * What became of the money of a cancelled paid order, once the cancellation committed: the
 * provider made the refund (`refunded`, its id there), refused it (`failed`), did not answer
 * (`pending`: asked again later with the same refund id), or no refund could be asked for — the
 * order was paid through another provider than the configured one, no completed payment session
 * was found — or nothing was left to refund. `failed`, `other-provider` and `no-payment-found`
 * leave the operator to refund by hand.
 */
export type RefundOutcome =
  | { kind: 'refunded'; refundId: string }
  | { kind: 'failed'; message: string }
  | { kind: 'pending'; message: string }
  | { kind: 'no-payment-found' }
  | { kind: 'other-provider'; provider: string }
  | { kind: 'nothing-left' };

/** What `cancelOrder` did: an unpaid order just ends; a paid one is also refunded (`amountCents`: what was refunded or asked for). */
export type CancelOutcome =
  | { wasPaid: false; returned: ReturnedStock[] }
  | { wasPaid: true; returned: ReturnedStock[]; amountCents: number; currency: string; refund: RefundOutcome };

/**
 * Cancels an order that has not been shipped and gives its stock back (the units no refund
 * returned already), in one transaction with the order locked (then its products, in id order,
 * as every writer of stock does), with its order_events row, audit record and the shopper's mail.
 * - Unpaid: ends as a shopper's cancellation on the card page does (payment 'Cancelled', open
 *   sessions closed).
 * - Paid (or partially refunded): status 'Cancelled', and what is left of its money is reserved
 *   as a pending refund in the same transaction. Once committed, the provider is asked for it,
 *   and its answer recorded (payment 'Refunded' when made). A refund that fails leaves the order
 *   cancelled and still 'Paid' — the pair that marks money due back (0016) — with the failed
 *   refund recorded, to be made again from the back office or by hand.
 * Refused (`FulfilmentError`, nothing written) for a shipped, delivered or cancelled order, and
 * when its refund is above `approvalLimitCents` and the actor is not the owner.
 */
export async function cancelOrder(
  db: Database,
  orderId: string,
  provider: PaymentProvider,
  context: FulfilmentContext = OPERATOR_CONTEXT,
  reason = 'Cancelled by the shop',
  /** The refund a paid order's cancellation makes above this many cents needs the owner (the routes'; 0: none). */
  approvalLimitCents = 0,
): Promise<CancelOutcome> {
  checkOrderId(orderId);
  const { actor, publicUrl } = context;
  const cancelled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'Cancelled') {
      throw new FulfilmentError(
        'CANNOT_CANCEL',
        order.paymentStatus === 'Paid'
          ? `Order ${orderId} is already cancelled. It was paid: make sure its refund went through at the payment provider.`
          : `Order ${orderId} is already cancelled.`,
      );
    }
    if (order.status === 'Shipped' || order.status === 'Delivered') {
      throw new FulfilmentError('CANNOT_CANCEL', `Order ${orderId} is already ${order.status.toLowerCase()}: it can no longer be cancelled.`);
    }
    const lines = await linesOf(tx, orderId);
    const before = auditValues(order);

    if (order.paymentStatus === 'Pending') {
      await cancelUnpaidOrders(tx, [orderId], 'Cancelled');
      await addEvent(tx, orderId, actor, { kind: 'cancelled', from: order.status, to: 'Cancelled', note: reason });
      await recordAudit(tx, actor, { action: 'order.cancel', entityType: 'order', entityId: orderId, before, after: auditValues({ ...order, status: 'Cancelled', paymentStatus: 'Cancelled' }, { reason }) });
      await notifyShopper(tx, orderId, { kind: 'order-cancelled', reason, paid: false }, publicUrl);
      return { wasPaid: false as const, returned: lines.map(({ productId, title, quantity }) => ({ productId, title, quantity })) };
    }
    if (!isPaid(order.paymentStatus) && order.paymentStatus !== 'Refunded') {
      // cancelUnpaidOrders sets both statuses together, so an order expired or cancelled at the
      // card page is always Cancelled too; refuse rather than guess if one ever is not.
      throw new FulfilmentError('CANNOT_CANCEL', `Order ${orderId} cannot be cancelled (payment ${order.paymentStatus}, status ${order.status}).`);
    }

    const leftCents = order.amountCents - order.refundedCents - (await pendingCents(tx, orderId));
    if (leftCents > 0 && (await needsOwner(tx, orderId, actor, leftCents, approvalLimitCents))) {
      throw new FulfilmentError(
        'REFUND_NEEDS_OWNER',
        `Cancelling this order refunds ${dollars(leftCents)}: refunds above ${dollars(approvalLimitCents)} on one order, earlier ones included, need the owner.`,
      );
    }
    // The units refunds have not returned already go back.
    const restocked = await restockedUnits(tx, orderId);
    const returned = lines
      .map(({ productId, title, quantity }) => ({ productId, title, quantity: quantity - (restocked.get(productId) ?? 0) }))
      .filter((line) => line.quantity > 0);
    await lockProducts(
      tx,
      returned.map((line) => line.productId),
      'en',
    );
    await applyStockChanges(
      tx,
      returned.map((line) => ({ productId: line.productId, delta: line.quantity, orderId })),
      'cancellation',
      { staffId: actor.id, reason },
    );
    await tx.update(orders).set({ status: 'Cancelled', updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    // Its promotion's use is free again (issue #35), as for an unpaid order.
    await tx.update(promotionUses).set({ releasedAt: sql`now()` }).where(and(eq(promotionUses.orderId, orderId), isNull(promotionUses.releasedAt)));
    await addEvent(tx, orderId, actor, { kind: 'cancelled', from: order.status, to: 'Cancelled', note: reason });
    await recordAudit(tx, actor, { action: 'order.cancel', entityType: 'order', entityId: orderId, before, after: auditValues({ ...order, status: 'Cancelled' }, { reason, returned }) });

    await notifyShopper(tx, orderId, { kind: 'order-cancelled', reason, paid: leftCents > 0 }, publicUrl);
    const base = { wasPaid: true as const, returned, amountCents: Math.max(leftCents, 0), currency: order.currency };
    if (leftCents <= 0) return { ...base, refund: { kind: 'nothing-left' as const } };
    const session = await paidSession(tx, orderId);
    const refusal: RefundOutcome | null = !session ? { kind: 'no-payment-found' } : session.provider !== provider.name ? { kind: 'other-provider', provider: session.provider } : null;
    const refundId = await reserveRefund(tx, order, actor, { amountCents: leftCents, reason, restock: false, items: [], provider: session?.provider ?? provider.name });
    if (refusal || !session) return { ...base, refund: refusal ?? { kind: 'no-payment-found' as const }, refundId };
    return { ...base, refund: null, reserved: { refundId, orderId, providerSessionId: session.providerSessionId, amountCents: leftCents } };
  });

  if (!cancelled.wasPaid) return cancelled;
  const { returned, amountCents, currency } = cancelled;
  const outcome = { wasPaid: true as const, returned, amountCents, currency };
  if ('refundId' in cancelled) {
    // No refund can be asked for: recorded as failed, for the staff to refund by hand.
    const message =
      cancelled.refund.kind === 'other-provider'
        ? `The order was paid through ${cancelled.refund.provider}, which the shop no longer uses: refund it there by hand.`
        : 'No completed payment session was found for the order: refund it at the payment provider by hand.';
    await recordOutcome(db, cancelled.refundId, { kind: 'failed', message }, context);
    return { ...outcome, refund: cancelled.refund };
  }
  if (!('reserved' in cancelled)) return { ...outcome, refund: cancelled.refund };
  // The refund is asked for only after the commit: money must never go back for a cancellation
  // that then rolled back.
  const answer = await settle(db, provider, cancelled.reserved, context);
  return { ...outcome, refund: answer.kind === 'unknown' ? { kind: 'pending', message: answer.message } : answer };
}
