// One service behind both sides of an order's fulfilment: the operator's `npm run orders`
// (issue #9) and the back office's order routes (issue #21). It lists and reads orders for the
// operator, moves a paid order on through fulfilment, cancels an order (its stock returned, a paid
// one refunded), and refunds a paid order in full or in part. Every change is one transaction
// that locks the order's row first (as the payment webhook does), so a payment event arriving
// meanwhile waits, then sees the change; each writes its order_events row, its audit record and
// the shopper's mail (through the outbox) in that same transaction. A refund is two
// transactions around the provider's call (decision 0037): the provider is asked only once the
// refund is reserved and committed, and its answer is recorded in the second.
//
// This file holds what the operations share: their refusals (`FulfilmentError`), who acts, the
// locked order, its timeline and the shopper's notice. Each operation has a file of its own
// beside it: the operator's views (operator-views.ts), advance.ts, cancel.ts, refund.ts, and the
// refund ledger that a paid order's cancellation and a refund both go through (refund-settlement.ts).
import type { Language } from '@dukkan/contracts/common';
import { formatCents } from '@dukkan/contracts/money';
import type { OrderStatus, PaymentStatus } from '@dukkan/contracts/orders';
import { absoluteUrl, storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

import type { Executor, Transaction } from '../../db/client';
import { orderEvents, orderItems, orders, products, users } from '../../db/schema';
import { orderNoticeMessage, type OrderNotice } from '../../mail/messages';
import { enqueueMail } from '../../mail/outbox';
import type { AuditActor } from '../admin/audit/record';

export type FulfilmentErrorCode =
  | 'INVALID_ORDER_ID'
  | 'ORDER_NOT_FOUND'
  | 'NOT_PAID'
  | 'CANNOT_ADVANCE'
  | 'CANNOT_CANCEL'
  | 'ILLEGAL_STATUS_MOVE'
  | 'NOT_REFUNDABLE'
  | 'REFUND_TOO_LARGE'
  | 'REFUND_ITEMS_INVALID'
  | 'REFUND_NEEDS_OWNER'
  | 'REFUND_REFUSED'
  | 'REFUND_PENDING';

/** The HTTP status of each refusal when it answers a back-office route. */
const STATUS_OF: Record<FulfilmentErrorCode, number> = {
  INVALID_ORDER_ID: 400,
  ORDER_NOT_FOUND: 404,
  NOT_PAID: 409,
  CANNOT_ADVANCE: 409,
  CANNOT_CANCEL: 409,
  ILLEGAL_STATUS_MOVE: 409,
  NOT_REFUNDABLE: 409,
  REFUND_TOO_LARGE: 409,
  REFUND_ITEMS_INVALID: 409,
  REFUND_NEEDS_OWNER: 403,
  REFUND_REFUSED: 502,
  REFUND_PENDING: 502,
};

/** Why a command was refused; `message` says so in words the operator or staff member can act on. */
export class FulfilmentError extends Error {
  readonly status: number;
  constructor(
    readonly code: FulfilmentErrorCode,
    message: string,
    status?: number,
  ) {
    super(message);
    this.name = 'FulfilmentError';
    this.status = status ?? STATUS_OF[code];
  }
}

/** Who acts, for the audit log and the order's timeline, and where the shopper's mail links to. */
export interface FulfilmentContext {
  actor: AuditActor;
  /** The shop's address (`PUBLIC_URL`): the mails link to the order's page there. */
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The operator at the shell (`npm run orders`), as the audit log and the timeline name them. */
export const OPERATOR_ACTOR: AuditActor = { id: null, email: 'npm run orders', role: null, address: 'local' };

/** The operator's context when none is given: the CLI passes the configured `PUBLIC_URL`. */
export const OPERATOR_CONTEXT: FulfilmentContext = { actor: OPERATOR_ACTOR, publicUrl: 'http://localhost:3000' };

/** Payment statuses of an order whose money the shop holds (some of it at least): it may be fulfilled and refunded. */
export const isPaid = (paymentStatus: string): boolean => paymentStatus === 'Paid' || paymentStatus === 'Partially refunded';

/** The step after each status of fulfilment; Delivered and Cancelled have none. */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  'Waiting for Supplier': 'Processing',
  Processing: 'Shipped',
  Shipped: 'Delivered',
};
/** Refuses anything that is not a UUID before it reaches the database (which would throw on it). */
export function checkOrderId(orderId: string): void {
  if (!z.uuid().safeParse(orderId).success) throw new FulfilmentError('INVALID_ORDER_ID', `'${orderId}' is not an order id.`);
}

export const orderNotFound = (orderId: string) => new FulfilmentError('ORDER_NOT_FOUND', `There is no order ${orderId}.`);

/** The order's row, locked until the transaction ends: the payment webhook locks it the same way. */
export async function lockOrder(tx: Transaction, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      amountCents: orders.amountCents,
      refundedCents: orders.refundedCents,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw orderNotFound(orderId);
  return { ...order, status: order.status as OrderStatus, paymentStatus: order.paymentStatus as PaymentStatus };
}
export type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;

/** The values an audit record keeps of an order, before and after an action. */
export const auditValues = (order: Pick<LockedOrder, 'status' | 'paymentStatus' | 'refundedCents'>, extra: Record<string, unknown> = {}) => ({
  status: order.status,
  paymentStatus: order.paymentStatus,
  refundedCents: order.refundedCents,
  ...extra,
});

/** Appends a moment of the order's life, by the acting staff member (none for the operator). */
export async function addEvent(
  tx: Transaction,
  orderId: string,
  actor: AuditActor,
  event: { kind: 'status' | 'cancelled' | 'refund' | 'refund-failed'; from?: string; to?: string; note?: string; amountCents?: number },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    kind: event.kind,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    note: event.note ?? null,
    amountCents: event.amountCents ?? null,
    staffId: actor.id,
    staffEmail: actor.email,
    staffRole: actor.role,
  });
}

/** Writes the shopper's notice to the outbox of the transaction, in the order's language, linking to its page. */
export async function notifyShopper(tx: Transaction, orderId: string, notice: OrderNotice, publicUrl: string): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, name: users.name, lng: orders.lng })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const lng: Language = row.lng === 'ar' ? 'ar' : 'en';
  const link = absoluteUrl(publicUrl, storefrontPaths.order(orderId));
  await enqueueMail(tx, notice.kind, orderNoticeMessage({ to: row.email, name: row.name, orderId, notice, link, lng }), { orderId });
}

/** The order's lines in their order, with English titles and unit prices. */
export async function linesOf(tx: Executor, orderId: string) {
  return tx
    .select({ productId: orderItems.productId, title: products.titleEn, quantity: orderItems.quantity, priceCents: orderItems.priceCents, discountCents: orderItems.discountCents })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** Cents as the refusals' messages show them. */
export const dollars = (cents: number) => formatCents(cents);
