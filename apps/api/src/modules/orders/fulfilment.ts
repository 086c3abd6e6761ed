// The operator's side of an order's life (issue #9, `npm run orders`): list, read, move a paid
// order on through fulfilment, and cancel it with its stock returned and its payment refunded.
// Every change is one transaction that locks the order's row first (as the payment webhook
// does), so a payment event arriving meanwhile waits, then sees the change.
import type { OrderAddress, OrderStatus, PaymentStatus } from '@dukkan/contracts/orders';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import type { Database, Executor, Transaction } from '../../db/client';
import { orderItems, orders, paymentSessions, products, users } from '../../db/schema';
import type { PaymentProvider, RefundResult } from '../../payments/provider';

import { applyStockChanges, cancelUnpaidOrders, lockProducts } from './service';

/** Why an operator's command was refused; `message` says so in words the operator can act on. */
export class FulfilmentError extends Error {
  constructor(
    readonly code: 'INVALID_ORDER_ID' | 'ORDER_NOT_FOUND' | 'NOT_PAID' | 'CANNOT_ADVANCE' | 'CANNOT_CANCEL',
    message: string,
  ) {
    super(message);
    this.name = 'FulfilmentError';
  }
}

/** The step after each status of fulfilment; Delivered and Cancelled have none. */
const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  'Waiting for Supplier': 'Processing',
  Processing: 'Shipped',
  Shipped: 'Delivered',
};

/** An order as the operator's list shows it. */
export interface OperatorOrder {
  id: string;
  createdAt: Date;
  shopperEmail: string;
  amountCents: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Σ quantity of its lines. */
  itemCount: number;
}

/** Everything the operator needs to fulfil one order. */
export interface OrderDetails {
  order: OperatorOrder & {
    userId: string;
    shopperName: string;
    updatedAt: Date;
    paidAt: Date | null;
    payBy: Date;
  };
  lines: { productId: string; title: string; quantity: number; priceCents: number }[];
  address: OrderAddress;
  sessions: {
    id: string;
    provider: string;
    providerSessionId: string;
    status: string;
    amountCents: number;
    currency: string;
    createdAt: Date;
    expiresAt: Date;
  }[];
}

/** A line whose stock a cancellation gave back. */
export interface ReturnedStock {
  productId: string;
  title: string;
  quantity: number;
}

/**
 * What became of the money of a cancelled paid order, after the cancellation committed:
 * the provider's answer (`refunded`, or `none` from the sandbox), or why no refund was made —
 * the order paid through another provider than the configured one, no completed payment
 * session was found, or the provider refused (`failed`). In those cases the operator must
 * refund by hand.
 */
export type RefundOutcome =
  | RefundResult
  | { kind: 'failed'; message: string }
  | { kind: 'no-payment-found' }
  | { kind: 'other-provider'; provider: string };

/** What `cancelOrder` did: an unpaid order just ends; a paid one is also refunded. */
export type CancelOutcome =
  | { wasPaid: false; returned: ReturnedStock[] }
  | { wasPaid: true; returned: ReturnedStock[]; amountCents: number; currency: string; refund: RefundOutcome };

/** Refuses anything that is not a UUID before it reaches the database (which would throw on it). */
function checkOrderId(orderId: string): void {
  if (!z.uuid().safeParse(orderId).success) throw new FulfilmentError('INVALID_ORDER_ID', `'${orderId}' is not an order id.`);
}

const notFound = (orderId: string) => new FulfilmentError('ORDER_NOT_FOUND', `There is no order ${orderId}.`);

/** Σ quantity of the order's lines, as a column of a query over `orders`. */
const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::integer from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

async function readOperatorOrders(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      paidAt: orders.paidAt,
      payBy: orders.payBy,
      userId: orders.userId,
      shopperName: users.name,
      shopperEmail: users.email,
      amountCents: orders.amountCents,
      currency: orders.currency,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      shippingAddress: orders.shippingAddress,
      itemCount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The newest `limit` orders of every shopper, newest first, optionally only those in `status`. */
export async function listOrdersForOperator(db: Database, { status, limit }: { status?: OrderStatus; limit: number }): Promise<OperatorOrder[]> {
  const rows = await readOperatorOrders(db, status ? eq(orders.status, status) : undefined, limit);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    shopperEmail: row.shopperEmail,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as OrderStatus, // the table's check allows only these
    paymentStatus: row.paymentStatus as PaymentStatus, // likewise
    itemCount: row.itemCount,
  }));
}

/** One order with its lines (titles in English), shipping address and payment sessions. */
export async function showOrder(db: Database, orderId: string): Promise<OrderDetails> {
  checkOrderId(orderId);
  const [row] = await readOperatorOrders(db, eq(orders.id, orderId), 1);
  if (!row) throw notFound(orderId);
  const lines = await db
    .select({ productId: orderItems.productId, title: products.titleEn, quantity: orderItems.quantity, priceCents: orderItems.priceCents })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const sessions = await db
    .select({
      id: paymentSessions.id,
      provider: paymentSessions.provider,
      providerSessionId: paymentSessions.providerSessionId,
      status: paymentSessions.status,
      amountCents: paymentSessions.amountCents,
      currency: paymentSessions.currency,
      createdAt: paymentSessions.createdAt,
      expiresAt: paymentSessions.expiresAt,
    })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId))
    .orderBy(asc(paymentSessions.createdAt));
  const { shippingAddress, ...order } = row;
  return {
    order: { ...order, status: row.status as OrderStatus, paymentStatus: row.paymentStatus as PaymentStatus },
    lines,
    address: shippingAddress as OrderAddress, // written by placeOrder as an OrderAddress
    sessions,
  };
}

/** The order's row, locked until the transaction ends: the payment webhook locks it the same way. */
async function lockOrder(tx: Transaction, orderId: string) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus, amountCents: orders.amountCents, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw notFound(orderId);
  return { ...order, status: order.status as OrderStatus, paymentStatus: order.paymentStatus as PaymentStatus };
}

/**
 * Moves a paid order one step on: Waiting for Supplier → Processing → Shipped → Delivered, in one
 * transaction with the order locked, and answers the step. Refused (`FulfilmentError`, nothing
 * written) for an order not paid — it may still expire and give its stock back, so nothing may
 * be sent for it — and for a delivered or cancelled one.
 */
export async function advanceOrder(db: Database, orderId: string): Promise<{ previous: OrderStatus; status: OrderStatus }> {
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
    if (order.paymentStatus !== 'Paid') {
      throw new FulfilmentError(
        'NOT_PAID',
        `Order ${orderId} is not paid (payment ${order.paymentStatus}): an unpaid order cannot be fulfilled.`,
      );
    }
    await tx.update(orders).set({ status: next, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    return { previous: order.status, status: next };
  });
}

/** The order's lines with their English titles, to report the stock a cancellation returns. */
async function linesOf(tx: Transaction, orderId: string): Promise<ReturnedStock[]> {
  return tx
    .select({ productId: orderItems.productId, title: products.titleEn, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/**
 * Cancels an order that has not been shipped and gives its stock back, in one transaction with
 * the order locked (then its products, in id order, as every writer of stock does).
 * - Unpaid: ends as a shopper's cancellation on the card page does (payment 'Cancelled', open
 *   sessions closed).
 * - Paid: status 'Cancelled' while payment stays 'Paid' — that pair is what marks an order
 *   whose money is due back, as for a payment that arrived too late (0016). Once committed, the
 *   provider is asked to refund the completed session; a refund that fails leaves the order
 *   cancelled and is answered as `failed`, for the operator to refund by hand.
 * Refused (`FulfilmentError`, nothing written) for a shipped, delivered or cancelled order.
 */
export async function cancelOrder(db: Database, orderId: string, provider: PaymentProvider): Promise<CancelOutcome> {
  checkOrderId(orderId);
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
    const returned = await linesOf(tx, orderId);

    if (order.paymentStatus === 'Pending') {
      await cancelUnpaidOrders(tx, [orderId], 'Cancelled');
      return { wasPaid: false as const, returned };
    }
    if (order.paymentStatus !== 'Paid') {
      // cancelUnpaidOrders sets both statuses together, so an order expired or cancelled at the
      // card page is always Cancelled too; refuse rather than guess if one ever is not.
      throw new FulfilmentError('CANNOT_CANCEL', `Order ${orderId} cannot be cancelled (payment ${order.paymentStatus}, status ${order.status}).`);
    }

    await lockProducts(
      tx,
      returned.map((line) => line.productId),
      'en',
    );
    await applyStockChanges(
      tx,
      returned.map((line) => ({ productId: line.productId, delta: line.quantity, orderId })),
      'cancellation',
    );
    await tx.update(orders).set({ status: 'Cancelled', updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    const [session] = await tx
      .select({ provider: paymentSessions.provider, providerSessionId: paymentSessions.providerSessionId, amountCents: paymentSessions.amountCents })
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'completed')))
      .orderBy(desc(paymentSessions.createdAt))
      .limit(1);
    return { wasPaid: true as const, returned, session, amountCents: order.amountCents, currency: order.currency };
  });

  if (!cancelled.wasPaid) return cancelled;
  const { returned, session, amountCents, currency } = cancelled;
  // The refund is asked for only after the commit: money must never go back for a cancellation
  // that then rolled back. A refund that fails now is reported, not retried blindly.
  let refund: RefundOutcome;
  if (!session) refund = { kind: 'no-payment-found' };
  else if (session.provider !== provider.name) refund = { kind: 'other-provider', provider: session.provider };
  else {
    try {
      refund = await provider.refund({ orderId, providerSessionId: session.providerSessionId, amountCents: session.amountCents });
    } catch (error) {
      refund = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }
  return { wasPaid: true, returned, amountCents, currency, refund };
}
