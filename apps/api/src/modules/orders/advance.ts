import type { OrderStatus } from '@dukkan/contracts/orders';
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { recordAudit } from '../admin/audit/record';

import { addEvent, auditValues, checkOrderId, FulfilmentError, isPaid, lockOrder, NEXT_STATUS, notifyShopper, OPERATOR_CONTEXT, type FulfilmentContext } from './fulfilment';

/**
 * Moves a paid order one step on: Waiting for Supplier → Processing → Shipped → Delivered, in one
 * transaction with the order locked, and answers the step. With `wanted`, only that status is
 * accepted, and only when it is the next one (`ILLEGAL_STATUS_MOVE` otherwise). Refused
 * (`FulfilmentError`, nothing written) for an order not paid — it may still expire and give its
 * stock back, so nothing may be sent for it — or refunded in full, and for a delivered or
 * cancelled one. A partially refunded order goes on. Shipped and Delivered mail the shopper.
 */
export async function advanceOrder(
  db: Database,
  orderId: string,
  { actor, publicUrl }: FulfilmentContext = OPERATOR_CONTEXT,
  wanted?: OrderStatus,
): Promise<{ previous: OrderStatus; status: OrderStatus }> {
  checkOrderId(orderId);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const next = NEXT_STATUS[order.status];
    if (!next) {
      throw new FulfilmentError(
        'CANNOT_ADVANCE',
        order.status === 'Delivered'
          ? `Order ${orderId} is already delivered: it has no further step.`
          : `Order ${orderId} is cancelled: a cancelled order cannot move on.`,
      );
    }
    if (order.paymentStatus === 'Refunded') {
      throw new FulfilmentError('CANNOT_ADVANCE', `Order ${orderId} is refunded in full: a refunded order cannot be fulfilled.`);
    }
    if (!isPaid(order.paymentStatus)) {
      throw new FulfilmentError(
        'NOT_PAID',
        `Order ${orderId} is not paid (payment ${order.paymentStatus}): an unpaid order cannot be fulfilled.`,
      );
    }
    if (wanted !== undefined && wanted !== next) {
      throw new FulfilmentError(
        'ILLEGAL_STATUS_MOVE',
        `Order ${orderId} is ${order.status}: it can only move on to ${next}, not to ${wanted}.`,
      );
    }
    await tx.update(orders).set({ status: next, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    await addEvent(tx, orderId, actor, { kind: 'status', from: order.status, to: next });
    await recordAudit(tx, actor, { action: 'order.status', entityType: 'order', entityId: orderId, before: auditValues(order), after: auditValues({ ...order, status: next }) });
    if (next === 'Shipped') await notifyShopper(tx, orderId, { kind: 'order-shipped' }, publicUrl);
    if (next === 'Delivered') await notifyShopper(tx, orderId, { kind: 'order-delivered' }, publicUrl);
    return { previous: order.status, status: next };
  });
}
