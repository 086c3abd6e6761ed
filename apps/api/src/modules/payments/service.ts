import type { Language } from '@dukkan/contracts/common';
import { absoluteUrl, storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

import type { Database, Transaction } from '../../db/client';
import { cartItems, carts, orderItems, orders, paymentEvents, paymentSessions, products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { checkoutLines, type PaymentEvent, type PaymentProvider } from '../../payments/provider';
import { cancelUnpaidOrders, notPayable, ORDER_NOT_FOUND_MESSAGE, retakeStock } from '../orders/service';

import { orderConfirmation } from './confirmation';

export interface CheckoutSessionContext {
  provider: PaymentProvider;
  /** The shop's address for absolute return URLs (`PUBLIC_URL`); the sandbox uses paths. */
  publicUrl: string;
  lng: Language;
}

/**
 * Opens the provider's hosted card page for one of the shopper's orders that still waits for its
 * payment, and answers where to send the browser. The order, and the body's `userId`, must be the
 * signed-in shopper's: anything else is a 404, as for an order that does not exist.
 * An order with an open session gets that session again, so a repeated click opens one page.
 * The page asks for the order's own amount, computed when it was placed.
 */
export async function createCheckoutSession(
  db: Database,
  userId: string,
  { orderId, bodyUserId }: { orderId: string; bodyUserId: string },
  { provider, publicUrl, lng }: CheckoutSessionContext,
): Promise<{ url: string }> {
  // Another shopper's order, or an order asked for in another shopper's name, is as missing as
  // an unknown one: the answer never tells that it exists.
  const [order] = bodyUserId === userId ? await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))) : [];
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'ORDER_NOT_FOUND');
  if (order.paymentStatus !== 'Pending' || order.status === 'Cancelled' || order.payBy.getTime() <= Date.now()) {
    throw notPayable(order.paymentStatus, order.payBy.getTime() <= Date.now() ? 'Cancelled' : order.status);
  }

  const openSession = async () => {
    const [row] = await db
      .select({ url: paymentSessions.url })
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, sql`now()`)));
    return row ?? null;
  };
  const existing = await openSession();
  if (existing) return existing;

  const ar = lng === 'ar';
  const paid = await db
    .select({ title: ar ? products.titleAr : products.titleEn, quantity: orderItems.quantity, paidCents: sql<number>`${orderItems.priceCents} * ${orderItems.quantity} - ${orderItems.discountCents}` })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  // What each line paid after its discount, in whole-cent units: they add up to the order's amount.
  const lines = checkoutLines(paid.map((line) => ({ ...line, paidCents: Number(line.paidCents) })));
  // The sandbox's card page is on the shop's own origin: relative addresses do.
  const at = (path: string) => (provider.name === 'sandbox' ? path : absoluteUrl(publicUrl, path));
  const created = await provider.createCheckoutSession({
    orderId,
    userId,
    amountCents: order.amountCents,
    currency: order.currency,
    lines,
    // The success page follows the order (paid, or still waiting for the provider's event).
    successUrl: at(storefrontPaths.checkoutSuccess(orderId)),
    cancelUrl: at(storefrontPaths.checkout()),
    expiresAt: order.payBy,
    lng,
  });
  const [inserted] = await db
    .insert(paymentSessions)
    .values({
      orderId,
      provider: provider.name,
      providerSessionId: created.providerSessionId,
      url: created.url,
      amountCents: order.amountCents,
      currency: order.currency,
      expiresAt: order.payBy,
    })
    // One open session per order: a concurrent request that opened one first wins.
    .onConflictDoNothing()
    .returning({ url: paymentSessions.url });
  if (inserted) return inserted;
  const winner = await openSession();
  if (!winner) throw notPayable(order.paymentStatus, 'Cancelled');
  return winner;
}

/** What handling an event did: acted on it, or not (already seen, or nothing to do). */
export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

/** The outcome, and the order the event made paid (its confirmation is due once committed). */
export interface EventResult {
  outcome: EventOutcome;
  paidOrderId?: string;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Empties the lines of the shopper's cart that the paid order bought, and the promo code the order used. */
async function removeOrderedLines(tx: Transaction, userId: string, orderId: string): Promise<void> {
  const ordered = tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const cart = tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  await tx.delete(cartItems).where(and(inArray(cartItems.cartId, cart), inArray(cartItems.productId, ordered)));
  const used = tx.select({ id: orders.promotionId }).from(orders).where(eq(orders.id, orderId));
  await tx.update(carts).set({ promotionId: null }).where(and(eq(carts.userId, userId), inArray(carts.promotionId, used)));
}

/**
 * Acts on a verified provider event, in one transaction, once: the event's id is recorded first,
 * so the same event delivered again changes nothing.
 * - `paid`: the order becomes `Paid` — only when the event is for the order's own session and
 *   for exactly the order's amount and currency — and the bought lines leave the shopper's cart.
 *   A payment for an order cancelled meanwhile takes its stock again when it is all still there
 *   (the order goes on); otherwise the order stays cancelled, marked paid, and an error is
 *   logged: the operator must refund it.
 * - `expired`: an order still waiting for its payment is cancelled (`Cancelled` before its
 *   `payBy`: the shopper gave up on the card page; `Expired` after) and its stock returned.
 */
export async function handlePaymentEvent(
  db: Database,
  providerName: PaymentProvider['name'],
  event: PaymentEvent,
  { log, publicUrl }: { log: FastifyBaseLogger; publicUrl: string },
): Promise<EventResult> {
  const outcome = await db.transaction(async (tx): Promise<EventResult | EventOutcome> => {
    const orderId = event.kind === 'ignored' || !isUuid(event.orderId) ? null : event.orderId;
    const [order] = orderId ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update') : [];
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider: providerName, eventId: event.eventId, type: event.kind, orderId: order?.id ?? null })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';
    if (!order) {
      log.warn({ eventId: event.eventId, orderId: event.orderId }, 'payment event for an unknown order');
      return 'ignored';
    }
    const [session] = await tx
      .select()
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.provider, providerName),
          eq(paymentSessions.providerSessionId, event.providerSessionId),
          eq(paymentSessions.orderId, order.id),
        ),
      );
    if (!session) {
      log.warn({ eventId: event.eventId, orderId: order.id }, 'payment event for a session the order does not have');
      return 'ignored';
    }

    if (event.kind === 'expired') {
      const paymentStatus = order.payBy.getTime() > Date.now() ? 'Cancelled' : 'Expired';
      const cancelled = await cancelUnpaidOrders(tx, [order.id], paymentStatus);
      if (session.status === 'open') {
        await tx
          .update(paymentSessions)
          .set({ status: paymentStatus === 'Expired' ? 'expired' : 'cancelled' })
          .where(eq(paymentSessions.id, session.id));
      }
      return cancelled.length > 0 ? 'handled' : 'ignored';
    }

    if (event.amountCents !== order.amountCents || event.currency.toLowerCase() !== order.currency) {
      log.error(
        { eventId: event.eventId, orderId: order.id, paid: event.amountCents, currency: event.currency, amount: order.amountCents },
        'payment amount differs from the order amount: not marked paid',
      );
      return 'ignored';
    }
    // Paid already — and a refunded order, whole or in part, was paid before its refund: another
    // payment event for it must neither mark it paid again nor revive it once cancelled.
    if (order.paymentStatus === 'Paid' || order.paymentStatus === 'Partially refunded' || order.paymentStatus === 'Refunded') return 'ignored';

    await tx.update(paymentSessions).set({ status: 'completed' }).where(eq(paymentSessions.id, session.id));
    if (order.status === 'Cancelled') {
      const revived = await retakeStock(tx, order.id);
      await tx
        .update(orders)
        .set({
          paymentStatus: 'Paid',
          paidAt: sql`now()`,
          updatedAt: sql`now()`,
          ...(revived ? { status: 'Waiting for Supplier' } : {}),
        })
        .where(eq(orders.id, order.id));
      if (!revived) {
        log.error({ orderId: order.id, eventId: event.eventId }, 'payment arrived for a cancelled order whose stock is gone: refund it');
        return 'handled';
      }
    } else {
      await tx
        .update(orders)
        .set({ paymentStatus: 'Paid', paidAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
    }
    await removeOrderedLines(tx, order.userId, order.id);
    // The shopper's confirmation, in the outbox of this same transaction: sent if and only if paid.
    const confirmation = await orderConfirmation(tx, order.id, publicUrl);
    if (confirmation) await enqueueMail(tx, 'order-confirmation', confirmation, { orderId: order.id });
    return { outcome: 'handled', paidOrderId: order.id };
  });
  return typeof outcome === 'string' ? { outcome } : outcome;
}
