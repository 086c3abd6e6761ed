import { AdminOrderResponseSchema } from '@dukkan/contracts/admin-orders';
import { CheckoutSessionResponseSchema, type Order } from '@dukkan/contracts/orders';
import { and, asc, eq } from 'drizzle-orm';
import { Stripe } from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orderEvents, orders, refunds, stockLedger } from '../../../db/schema';
import { StripePaymentProvider } from '../../../payments/stripe';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, stripeEvent, type FakeStripe } from '../../../test/fake-stripe';
import { orderFixtures } from '../../../test/order-fixtures';
import { productSupply } from '../../../test/shop-fixtures';
import { createTestStaff } from '../../../test/staff-fixtures';
import { useTestApp, type TestUser } from '../../../test/test-app';
import { WEBHOOK_PATH } from '../../payments/routes';

// The fake starts first: hooks before the app's run before it is built.
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp(() => ({
  env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, PUBLIC_URL: 'https://shop.example' },
  paymentProvider: new StripePaymentProvider({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiBase: fake.apiBase }),
}));
const supply = productSupply(() => t.database.db);
const { placedOrder, orderNow } = orderFixtures(t);

/** Delivers Stripe's signed completed event of the session (a new event id each time). */
async function deliverCompleted(sessionId: string): Promise<void> {
  const payload = stripeEvent('checkout.session.completed', fake.pay(sessionId));
  const delivered = await t.request('POST', WEBHOOK_PATH, {
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET }) },
    body: payload,
  });
  expect(delivered.status).toBe(200);
}

/** Pays the order on (fake) Stripe and delivers Stripe's signed completed event; answers the session's id. */
async function payOnStripe(shopper: TestUser, order: Order): Promise<string> {
  const res = await t.request('POST', '/api/stripe/create-checkout-session', { as: shopper, body: { order, userId: shopper.id } });
  const sessionId = CheckoutSessionResponseSchema.parse(res.body).url.split('/').pop() ?? '';
  await deliverCompleted(sessionId);
  expect((await orderNow(shopper, order)).paymentStatus).toBe('Paid');
  return sessionId;
}

describe('refunds through Stripe', () => {
  it('refunds parts of one payment at Stripe, each under its own idempotency key', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 2000 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 2 }]);
    const sessionId = await payOnStripe(shopper, order);
    const { headers } = await createTestStaff(t.database.db, 'support');
    const url = `/api/admin/orders/${order._id}/refunds`;
    fake.requests.length = 0;
    const first = await t.request('POST', url, { headers, body: { amount: 15, reason: 'a', restock: false } });
    const second = await t.request('POST', url, { headers, body: { reason: 'b', restock: false } });
    expect([first.status, second.status]).toEqual([201, 201]);
    const answer = AdminOrderResponseSchema.parse(second.body).data;
    expect(answer).toMatchObject({ paymentStatus: 'Refunded', refunded: 40 });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id)).orderBy(asc(refunds.createdAt));
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent.map((r) => [r.idempotencyKey, r.body.amount])).toEqual(rows.map((row) => [`refund-${row.id}`, String(row.amountCents)]));
    expect(rows.map((row) => row.providerRefundId)).toEqual(fake.refunds.filter((r) => r.metadata.orderId === order._id).map((r) => r.id));

    // Another completed event for the refunded order (a new event id) marks nothing paid again.
    await deliverCompleted(sessionId);
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Refunded');
  });

  it('records a refund Stripe refuses as failed, changes nothing else and answers 502 REFUND_REFUSED', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 2000 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 2 }]);
    await payOnStripe(shopper, order);
    const support = await createTestStaff(t.database.db, 'support');
    fake.refuseRefunds('This charge was disputed.');
    try {
      const res = await t.request('POST', `/api/admin/orders/${order._id}/refunds`, { headers: support.headers, body: { amount: 10, reason: 'Broken', restock: true } });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'The payment provider refused the refund: This charge was disputed.', code: 'REFUND_REFUSED' });

      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect([row?.paymentStatus, row?.refundedCents]).toEqual(['Paid', 0]);
      expect(await supply.stockOf(p!)).toBe(8);
      expect((await t.database.db.select().from(stockLedger).where(eq(stockLedger.orderId, order._id))).map((l) => l.kind)).toEqual(['order']);
      const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
      expect(refund).toMatchObject({ status: 'failed', failureMessage: 'This charge was disputed.', amountCents: 1000, providerRefundId: null, staffId: support.id });
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
      expect(events.map((e) => [e.kind, e.note, e.amountCents])).toEqual([['refund-failed', 'This charge was disputed.', 1000]]);
      const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, order._id)));
      expect(audit.map((a) => [a.action, (a.after as { refundStatus: string }).refundStatus])).toEqual([['order.refund', 'failed']]);

      const page = AdminOrderResponseSchema.parse((await t.request('GET', `/api/admin/orders/${order._id}`, { headers: support.headers })).body).data;
      expect(page).toMatchObject({ refundable: 40, paymentStatus: 'Paid' });
      expect(page.refunds).toEqual([expect.objectContaining({ status: 'failed', failureMessage: 'This charge was disputed.' })]);
      expect(page.timeline.at(-1)).toMatchObject({ kind: 'refund-failed', amount: 10, note: 'This charge was disputed.' });

      // Cancelling a paid order whose refund is refused: cancelled, stock back, money still due (Cancelled + Paid).
      const cancel = await t.request('POST', `/api/admin/orders/${order._id}/cancel`, { headers: support.headers, body: { reason: 'Lost' } });
      expect(cancel.status).toBe(502);
      expect(cancel.body).toMatchObject({ code: 'REFUND_REFUSED' });
      const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect([after?.status, after?.paymentStatus]).toEqual(['Cancelled', 'Paid']);
      expect(await supply.stockOf(p!)).toBe(10);
    } finally {
      fake.refuseRefunds(null);
    }
    // Refused no more: the money due is refunded from the back office.
    const again = await t.request('POST', `/api/admin/orders/${order._id}/refunds`, { headers: support.headers, body: { reason: 'Lost', restock: true } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(AdminOrderResponseSchema.parse(again.body).data).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refunded: 40 });
    expect(await supply.stockOf(p!)).toBe(10);
  });
});
