// One service behind both sides of an order's fulfilment: the operator's `npm run orders`
// (issue #9) and the back office's order routes (issue #21). It lists and reads orders for the
// operator, moves a paid order on through fulfilment, cancels an order (its stock returned, a paid
// one refunded), and refunds a paid order in full or in part. Every change is one transaction
// that locks the order's row first (as the payment webhook does), so a payment event arriving
// meanwhile waits, then sees the change; each writes its order_events row, its audit record and
// the shopper's mail (through the outbox) in that same transaction. A refund is two
// transactions around the provider's call (decision 0037): the provider is asked only once the
// refund is reserved and committed, and its answer is recorded in the second.
import type { Language } from '@dukkan/contracts/common';
import { centsToDollars, formatCents } from '@dukkan/contracts/money';
import type { OrderAddress, OrderStatus, PaymentStatus } from '@dukkan/contracts/orders';
import { absoluteUrl, storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

import type { Database, Executor, Transaction } from '../../db/client';
import { orderEvents, orderItems, orders, paymentSessions, products, refunds, users } from '../../db/schema';
import { orderNoticeMessage, type OrderNotice } from '../../mail/messages';
import { enqueueMail } from '../../mail/outbox';
import { RefundRefusedError, type PaymentProvider } from '../../payments/provider';
import { recordAudit, type AuditActor } from '../admin/audit/record';

import { applyStockChanges, cancelUnpaidOrders, lockProducts } from './service';

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
const OPERATOR_CONTEXT: FulfilmentContext = { actor: OPERATOR_ACTOR, publicUrl: 'http://localhost:3000' };

/** Payment statuses of an order whose money the shop holds (some of it at least): it may be fulfilled and refunded. */
export const isPaid = (paymentStatus: string): boolean => paymentStatus === 'Paid' || paymentStatus === 'Partially refunded';

/** The step after each status of fulfilment; Delivered and Cancelled have none. */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
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
  if (!order) throw notFound(orderId);
  return { ...order, status: order.status as OrderStatus, paymentStatus: order.paymentStatus as PaymentStatus };
}
type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;

/** The values an audit record keeps of an order, before and after an action. */
const auditValues = (order: Pick<LockedOrder, 'status' | 'paymentStatus' | 'refundedCents'>, extra: Record<string, unknown> = {}) => ({
  status: order.status,
  paymentStatus: order.paymentStatus,
  refundedCents: order.refundedCents,
  ...extra,
});

/** Appends a moment of the order's life, by the acting staff member (none for the operator). */
async function addEvent(
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
async function notifyShopper(tx: Transaction, orderId: string, notice: OrderNotice, publicUrl: string): Promise<void> {
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

/** Units of each product that refunds of the order have returned to stock or reserved to (succeeded and pending ones). */
async function restockedUnits(tx: Executor, orderId: string): Promise<Map<string, number>> {
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
async function pendingCents(tx: Executor, orderId: string): Promise<number> {
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
async function needsOwner(tx: Executor, orderId: string, actor: AuditActor, amountCents: number, approvalLimitCents: number): Promise<boolean> {
  if (approvalLimitCents <= 0 || actor.role === 'owner' || actor.role === null) return false;
  return (await nonOwnerRefundedCents(tx, orderId)) + amountCents > approvalLimitCents;
}

/** The order's lines in their order, with English titles and unit prices. */
async function linesOf(tx: Executor, orderId: string) {
  return tx
    .select({ productId: orderItems.productId, title: products.titleEn, quantity: orderItems.quantity, priceCents: orderItems.priceCents })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** The completed payment session of the order, the newest, if there is one. */
async function paidSession(tx: Executor, orderId: string) {
  const [session] = await tx
    .select({ provider: paymentSessions.provider, providerSessionId: paymentSessions.providerSessionId })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'completed')))
    .orderBy(desc(paymentSessions.createdAt))
    .limit(1);
  return session;
}

/** A refund reserved in the first transaction: what the provider is asked for after the commit. */
interface ReservedRefund {
  refundId: string;
  orderId: string;
  providerSessionId: string;
  amountCents: number;
}

/** Inserts a refund as pending work, in the caller's transaction (the order locked). */
async function reserveRefund(
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
type ProviderAnswer = { kind: 'refunded'; refundId: string } | { kind: 'failed'; message: string } | { kind: 'unknown'; message: string };

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
async function recordOutcome(db: Database, refundId: string, answer: Exclude<ProviderAnswer, { kind: 'unknown' }>, { actor, publicUrl }: FulfilmentContext): Promise<void> {
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
async function settle(db: Database, provider: PaymentProvider, refund: ReservedRefund, context: FulfilmentContext): Promise<ProviderAnswer> {
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

const dollars = (cents: number) => formatCents(cents);

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

/** What a refund is asked with: dollars already turned into cents by the caller. */
export interface RefundInput {
  /** Omitted: all that is left. */
  amountCents?: number;
  reason: string;
  restock: boolean;
  items?: RefundItem[];
  /** Refunds above this many cents need the owner; 0: no limit. */
  approvalLimitCents: number;
}

/** What a refund did: its id, and the provider's answer (refused ones are thrown as `REFUND_REFUSED` after being recorded). */
export interface RefundDone {
  refundId: string;
  amountCents: number;
  providerRefundId: string;
}

/**
 * The units a refund returns to stock: the `items` given (each a line of the order, within what
 * refunds have not returned yet), or without items the units `amountCents` pays for, line by line
 * at the order's unit prices, rounded down.
 */
function unitsToRestock(
  orderId: string,
  lines: { productId: string; quantity: number; priceCents: number }[],
  restocked: Map<string, number>,
  amountCents: number,
  items: RefundItem[] | undefined,
  cancelled: boolean,
): RefundItem[] {
  // A cancelled order's stock went back with the cancellation: none is left to return.
  const leftOf = (line: { productId: string; quantity: number }) => (cancelled ? 0 : line.quantity - (restocked.get(line.productId) ?? 0));
  if (items) {
    const seen = new Set<string>();
    return items.map((item) => {
      const line = lines.find((candidate) => candidate.productId === item.productId);
      if (!line || seen.has(item.productId)) {
        throw new FulfilmentError('REFUND_ITEMS_INVALID', `Product ${item.productId} is not a line of order ${orderId}${line ? ' (it is given twice)' : ''}.`, 400);
      }
      seen.add(item.productId);
      if (item.quantity > leftOf(line)) {
        throw new FulfilmentError(
          'REFUND_ITEMS_INVALID',
          `Only ${leftOf(line)} of product ${item.productId} can still be returned to stock for order ${orderId}, not ${item.quantity}.`,
        );
      }
      return { productId: item.productId, quantity: item.quantity };
    });
  }
  let remaining = amountCents;
  const units: RefundItem[] = [];
  for (const line of lines) {
    const left = leftOf(line);
    if (left <= 0) continue;
    const quantity = line.priceCents === 0 ? left : Math.min(left, Math.floor(remaining / line.priceCents));
    if (quantity <= 0) continue;
    remaining -= quantity * line.priceCents;
    units.push({ productId: line.productId, quantity });
  }
  return units;
}

/**
 * Refunds a paid order, whole or in part, through the provider (decision 0037):
 * 1. one transaction with the order locked checks it — paid (or partially refunded, or cancelled
 *    while paid), the amount within what was paid and is neither refunded nor reserved by a
 *    pending refund (`REFUND_TOO_LARGE`), above the approval limit only for the owner, the
 *    items lines of the order within what is left to restock — and reserves the refund as a
 *    pending row;
 * 2. after that commit, the provider is asked, with the refund's id as its idempotency key;
 * 3. a second transaction records its answer (`recordOutcome`).
 * A refused refund is recorded as failed, then thrown as `REFUND_REFUSED`; one the provider did
 * not answer stays pending (`REFUND_PENDING`), asked again by `settlePendingRefunds`.
 */
export async function refundOrder(db: Database, orderId: string, provider: PaymentProvider, context: FulfilmentContext, input: RefundInput): Promise<RefundDone> {
  checkOrderId(orderId);
  const { actor } = context;
  // A refund reserved earlier and never answered is settled first, so its reservation is real.
  await settlePendingRefunds(db, provider, context, orderId);
  const reserved = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const cancelledPaid = order.status === 'Cancelled' && order.paymentStatus === 'Paid';
    if (!isPaid(order.paymentStatus) && order.paymentStatus !== 'Refunded') {
      throw new FulfilmentError('NOT_REFUNDABLE', `Order ${orderId} is not paid (payment ${order.paymentStatus}): there is nothing to refund.`);
    }
    const leftCents = order.amountCents - order.refundedCents - (await pendingCents(tx, orderId));
    if (leftCents <= 0) throw new FulfilmentError('REFUND_TOO_LARGE', `Order ${orderId} has nothing left to refund: its ${dollars(order.amountCents)} are refunded or being refunded.`);
    const amountCents = input.amountCents ?? leftCents;
    if (amountCents > leftCents) {
      throw new FulfilmentError('REFUND_TOO_LARGE', `At most ${dollars(leftCents)} of order ${orderId} can still be refunded, not ${dollars(amountCents)}.`);
    }
    if (await needsOwner(tx, orderId, actor, amountCents, input.approvalLimitCents)) {
      throw new FulfilmentError(
        'REFUND_NEEDS_OWNER',
        `Refunds above ${dollars(input.approvalLimitCents)} on one order, earlier ones included, need the owner: ask the owner to make it.`,
      );
    }
    const session = await paidSession(tx, orderId);
    if (!session) throw new FulfilmentError('NOT_REFUNDABLE', `No completed payment session was found for order ${orderId}: refund it at the payment provider by hand.`);
    if (session.provider !== provider.name) {
      throw new FulfilmentError('NOT_REFUNDABLE', `Order ${orderId} was paid through ${session.provider}, which the shop no longer uses: refund it there by hand.`);
    }
    const lines = await linesOf(tx, orderId);
    const restocked = await restockedUnits(tx, orderId);
    const items = unitsToRestock(orderId, lines, restocked, amountCents, input.items, cancelledPaid || order.status === 'Cancelled');
    const refundId = await reserveRefund(tx, order, actor, { amountCents, reason: input.reason, restock: input.restock, items: input.restock ? items : [], provider: provider.name });
    return { refundId, orderId, providerSessionId: session.providerSessionId, amountCents };
  });

  const answer = await settle(db, provider, reserved, context);
  if (answer.kind === 'failed') throw new FulfilmentError('REFUND_REFUSED', `The payment provider refused the refund: ${answer.message}`);
  if (answer.kind === 'unknown') {
    throw new FulfilmentError('REFUND_PENDING', 'The payment provider did not answer: the refund is pending, and is asked for again before the next refund of this order.');
  }
  return { refundId: reserved.refundId, amountCents: reserved.amountCents, providerRefundId: answer.refundId };
}
