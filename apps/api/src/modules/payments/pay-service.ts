import type { Language } from '@dukkan/contracts/common';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import type { Database } from '../../db/client';
import { orderItems, orders, paymentSessions, products } from '../../db/schema';
import type { PayPageView } from '../../payments/pay-page';
import type { SandboxSession } from '../../payments/sandbox';

/** A sandbox session with what its card page may do: take a payment (`open`), or only say it is `paid` or `ended`. */
export type PaySession = SandboxSession & { status: 'open' | 'paid' | 'ended' };

/** The form view of a card page: what a session's page shows when it can still be paid. */
export type PayFormView = Extract<PayPageView, { kind: 'form' }>;

/** The sandbox session behind a card page's id, with its order's state; `null` when there is none. */
export async function loadPaySession(db: Database, sessionId: string): Promise<PaySession | null> {
  if (!z.uuid().safeParse(sessionId).success) return null;
  const [row] = await db
    .select({
      orderId: paymentSessions.orderId,
      amountCents: paymentSessions.amountCents,
      currency: paymentSessions.currency,
      sessionStatus: paymentSessions.status,
      expiresAt: paymentSessions.expiresAt,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.status,
    })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(and(eq(paymentSessions.provider, 'sandbox'), eq(paymentSessions.providerSessionId, sessionId)));
  if (!row) return null;
  const paid = row.paymentStatus === 'Paid' || row.sessionStatus === 'completed';
  const open = row.sessionStatus === 'open' && row.paymentStatus === 'Pending' && row.orderStatus !== 'Cancelled' && row.expiresAt.getTime() > Date.now();
  return {
    providerSessionId: sessionId,
    orderId: row.orderId,
    amountCents: row.amountCents,
    currency: row.currency,
    status: paid ? 'paid' : open ? 'open' : 'ended',
  };
}

/** The card form of an open session, with its order's lines in the shopper's language. */
export async function payFormView(db: Database, session: PaySession, lng: Language, extra: Partial<PayFormView> = {}): Promise<PayPageView> {
  const ar = lng === 'ar';
  const rows = await db
    .select({ title: ar ? products.titleAr : products.titleEn, quantity: orderItems.quantity, priceCents: orderItems.priceCents, discountCents: orderItems.discountCents })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, session.orderId))
    .orderBy(asc(orderItems.position));
  // Each line at its price; the promotion's discount on a row of its own (issue #35).
  const lines = rows.map(({ title, quantity, priceCents }) => ({ title, quantity, unitAmountCents: priceCents }));
  const discountCents = rows.reduce((sum, row) => sum + row.discountCents, 0);
  const view: PayPageView = { kind: 'form', sessionId: session.providerSessionId, amountCents: session.amountCents, lines, discountCents, ...extra };
  return view;
}

/** What a card page shows instead of its form (missing, paid or expired); `null` while the session can be paid. */
export function payStateView(session: PaySession | null): PayPageView | null {
  if (!session) return { kind: 'missing' };
  if (session.status === 'paid') return { kind: 'paid', orderId: session.orderId };
  if (session.status === 'ended') return { kind: 'expired' };
  return null;
}
