import { CartResponseSchema } from '@dukkan/contracts/cart';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { CheckoutSessionResponseSchema, type Order } from '@dukkan/contracts/orders';
import { Stripe } from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { StripePaymentProvider } from '../../payments/stripe';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, stripeEvent, type FakeStripe } from '../../test/fake-stripe';
import { orderFixtures } from '../../test/order-fixtures';
import { productSupply } from '../../test/shop-fixtures';
import { useTestApp, type JsonAnswer, type TestUser } from '../../test/test-app';

import { WEBHOOK_PATH } from './routes';

const PUBLIC_URL = 'https://shop.example';

// The fake starts first: hooks before the app's run before it is built (vitest runs beforeAll in order).
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp(() => ({
  env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, PUBLIC_URL },
  paymentProvider: new StripePaymentProvider({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiBase: fake.apiBase }),
}));

const supply = productSupply(() => t.database.db);

const { placedOrder, orderNow } = orderFixtures(t);

/** Opens the Stripe page through the API; answers the fake's session id. */
async function openSession(shopper: TestUser, order: Order): Promise<string> {
  const res = await t.request('POST', '/api/stripe/create-checkout-session', { as: shopper, body: { order, userId: shopper.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { url } = CheckoutSessionResponseSchema.parse(res.body);
  expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\w+$/);
  return url.split('/').pop() ?? '';
}

/** The `stripe-signature` Stripe sends with a payload, made by the SDK's own test helper. */
const sign = (payload: string, { secret = FAKE_STRIPE_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

/** Delivers a raw event as Stripe does: signed with the shop's webhook secret unless told otherwise (`null`: unsigned). */
function deliver(payload: string, signature: string | null = sign(payload)): Promise<JsonAnswer> {
  return t.request('POST', WEBHOOK_PATH, {
    headers: { 'content-type': 'application/json', ...(signature !== null ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
}

describe('Stripe Checkout through the API', () => {
  it("opens a Stripe page for the order's own lines and amount in USD, with the shop's return addresses, once", async () => {
    const [p, q] = await supply.take(2, { stock: 10, priceCents: 1999 });
    const { shopper, order } = await placedOrder([
      { _id: p!, quantity: 2 },
      { _id: q!, quantity: 1 },
    ]);
    expect(order.amount).toBe(59.97);
    fake.requests.length = 0;
    const sessionId = await openSession(shopper, order);

    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    const [sent] = created;
    expect(sent?.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
    expect(sent?.body).toMatchObject({
      mode: 'payment',
      metadata: { orderId: order._id },
      client_reference_id: order._id,
      payment_intent_data: { metadata: { orderId: order._id } },
      success_url: `${PUBLIC_URL}/checkoutSuccess?order=${order._id}`,
      cancel_url: `${PUBLIC_URL}/checkout`,
    });
    const lines = sent?.body.line_items as { price_data: { currency: string; unit_amount: string; product_data: { name: string } }; quantity: string }[];
    expect(lines.map((l) => [l.price_data.product_data.name, l.price_data.currency, l.price_data.unit_amount, l.quantity])).toEqual([
      [order.items[0]?.title, 'usd', '1999', '2'],
      [order.items[1]?.title, 'usd', '1999', '1'],
    ]);
    expect(fake.sessions.get(sessionId)).toMatchObject({ amount_total: 5997, currency: 'usd', status: 'open' });

    // A second click opens the same page without asking Stripe again.
    expect(await openSession(shopper, order)).toBe(sessionId);
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('marks the order paid only for a genuine, fresh completed event, once', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 2500 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 2 }]);
    const sessionId = await openSession(shopper, order);

    // Completed but the money not yet there (a bank debit): the order waits.
    const pending = stripeEvent('checkout.session.completed', { ...fake.sessions.get(sessionId), status: 'complete' });
    expect((await deliver(pending)).body).toEqual({ received: true, outcome: 'ignored' });

    const event = stripeEvent('checkout.session.completed', fake.pay(sessionId));
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(event).toContain('"amount_total":5000');
    const refused: [string, string | null, string][] = [
      [event, null, 'MISSING_SIGNATURE'],
      [event, sign(event, { secret: 'whsec_not_the_shops' }), 'INVALID_SIGNATURE'],
      [event.replace('"amount_total":5000', '"amount_total":1'), sign(event), 'INVALID_SIGNATURE'],
      [event, sign(event, { timestamp: tenMinutesAgo }), 'STALE_EVENT'],
      ['{"not":"an event"}', sign('{"not":"an event"}'), 'INVALID_EVENT'],
    ];
    for (const [body, signature, code] of refused) {
      const res = await deliver(body, signature);
      expect(res.status, code).toBe(400);
      expect(ErrorResponseSchema.parse(res.body).code).toBe(code);
    }
    // The sandbox's header is not Stripe's.
    const wrongHeader = await t.request('POST', WEBHOOK_PATH, {
      headers: { 'content-type': 'application/json', 'dukkan-signature': sign(event) },
      body: event,
    });
    expect(ErrorResponseSchema.parse(wrongHeader.body).code).toBe('MISSING_SIGNATURE');
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Pending');

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: 'handled' });
    expect(await orderNow(shopper, order)).toMatchObject({ paymentStatus: 'Paid', status: 'Waiting for Supplier' });
    expect(CartResponseSchema.parse((await t.request('GET', '/api/cart', { as: shopper })).body).data.items).toEqual([]);

    // Stripe delivers at least once: the same event again (freshly signed) changes nothing, nor does a late expiry.
    expect((await deliver(event)).body).toEqual({ received: true, outcome: 'duplicate' });
    const late = stripeEvent('checkout.session.expired', { ...fake.sessions.get(sessionId), status: 'expired' });
    expect((await deliver(late)).status).toBe(200);
    expect(await orderNow(shopper, order)).toMatchObject({ paymentStatus: 'Paid', status: 'Waiting for Supplier' });
    expect(await supply.stockOf(p!)).toBe(8);
  });

  it('pays an order whose money arrives later (async_payment_succeeded), for its exact amount only', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 1200 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    const sessionId = await openSession(shopper, order);
    const session = fake.pay(sessionId);
    const short = stripeEvent('checkout.session.async_payment_succeeded', { ...session, amount_total: 1199 });
    expect((await deliver(short)).body).toMatchObject({ outcome: 'ignored' });
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Pending');
    expect((await deliver(stripeEvent('checkout.session.async_payment_succeeded', session))).body).toMatchObject({ outcome: 'handled' });
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Paid');
  });

  it('cancels the order and returns its stock when the Stripe session expires unpaid', async () => {
    const [p] = await supply.take(1, { stock: 5, priceCents: 1000 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 3 }]);
    expect(await supply.stockOf(p!)).toBe(2);
    const sessionId = await openSession(shopper, order);

    const expired = stripeEvent('checkout.session.expired', fake.expire(sessionId));
    expect((await deliver(expired)).body).toEqual({ received: true, outcome: 'handled' });
    expect(await orderNow(shopper, order)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Cancelled' });
    expect(await supply.stockOf(p!)).toBe(5);
    // Stock is returned once, however often the event comes.
    expect((await deliver(expired)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await supply.stockOf(p!)).toBe(5);
  });
});
