import { randomUUID } from 'node:crypto';

import { CartResponseSchema } from '@dukkan/contracts/cart';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { CheckoutSessionResponseSchema, type Order } from '@dukkan/contracts/orders';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { orders, products } from '../../db/schema';
import { resolveJwtSecret } from '../../lib/jwt-secret';
import { SandboxPaymentProvider } from '../../payments/sandbox';
import { orderFixtures } from '../../test/order-fixtures';
import { productSupply } from '../../test/shop-fixtures';
import { testConfig, useTestApp, type JsonAnswer, type TestUser } from '../../test/test-app';
import { expireUnpaidOrders } from '../orders/expiry';

import { WEBHOOK_PATH } from './routes';

const t = useTestApp();

const supply = productSupply(() => t.database.db);
const freshProducts = (n: number, stock = 20, priceCents = 1500) => supply.take(n, { stock, priceCents });
const stockOf = (id: string) => supply.stockOf(id);

const { placedOrder, orderNow } = orderFixtures(t);

async function openSession(shopper: TestUser, order: Order): Promise<string> {
  const res = await t.request('POST', '/api/stripe/create-checkout-session', { as: shopper, body: { order, userId: shopper.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return CheckoutSessionResponseSchema.parse(res.body).url;
}

/** Submits the card page's form as a browser does. */
function submitCard(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const GOOD_CARD = { name: 'Omar Hassan', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function sandbox() {
  return new SandboxPaymentProvider(await resolveJwtSecret(testConfig()));
}

function deliver(rawBody: string, signature?: string): Promise<JsonAnswer> {
  return t.request('POST', WEBHOOK_PATH, {
    headers: { 'content-type': 'application/json', ...(signature ? { 'dukkan-signature': signature } : {}) },
    body: rawBody,
  });
}

const providerSessionIdOf = (url: string) => url.replace('/pay/', '');

describe('opening the hosted card page', () => {
  it("opens one page for the shopper's own unpaid order and refuses everyone else", async () => {
    const [p] = await freshProducts(1);
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    const url = await openSession(shopper, order);
    expect(url).toMatch(/^\/pay\/[0-9a-f-]{36}$/);
    expect(await openSession(shopper, order)).toBe(url);

    const stranger = await t.createUser();
    // Someone else's order answers exactly as an order that does not exist.
    const missing = { message: 'Order not found', code: 'ORDER_NOT_FOUND' };
    const cases: [TestUser | undefined, unknown, number, object?][] = [
      [undefined, { order, userId: shopper.id }, 401],
      [stranger, { order, userId: stranger.id }, 404, missing],
      [stranger, { order, userId: shopper.id }, 404, missing],
      [shopper, { order: { _id: randomUUID() }, userId: shopper.id }, 404, missing],
      [shopper, { order: {}, userId: shopper.id }, 400],
    ];
    for (const [as, body, status, answer] of cases) {
      const res = await t.request('POST', '/api/stripe/create-checkout-session', { ...(as ? { as } : {}), body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(ErrorResponseSchema.safeParse(res.body).success).toBe(true);
      if (answer) expect(res.body).toEqual(answer);
    }
  });
});

describe('the sandbox card page', () => {
  it('shows the labelled fields and the amount, says what is wrong with each field, declines 4000…0002, then pays on a retry', async () => {
    const [p, q] = await freshProducts(2, 10, 1999);
    const { shopper, order } = await placedOrder([
      { _id: p!, quantity: 2 },
      { _id: q!, quantity: 1 },
    ]);
    const url = await openSession(shopper, order);

    const form = await t.app.inject({ method: 'GET', url });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.headers['cache-control']).toBe('no-store');
    for (const label of ['Name on card', 'Card number', 'Expiry', 'CVC']) expect(form.body).toMatch(new RegExp(`<label for="\\w+">${label}</label>`));
    expect(form.body).toContain('$59.97');
    expect(form.body).toContain('<button type="submit" class="pay">Pay</button>');

    const refusals: [Record<string, string>, string, string][] = [
      [{ ...GOOD_CARD, number: '4242 4242 4242 4241' }, 'number', 'Your card number is invalid.'],
      [{ ...GOOD_CARD, number: '' }, 'number', 'Enter your card number.'],
      [{ ...GOOD_CARD, expiry: '01/20' }, 'expiry', 'Your card has expired.'],
      [{ ...GOOD_CARD, expiry: '1234' }, 'expiry', 'Enter the expiry date as MM/YY.'],
      [{ ...GOOD_CARD, cvc: '12' }, 'cvc', 'Your card’s security code (CVC) must be 3 or 4 digits.'],
      [{ ...GOOD_CARD, name: ' ' }, 'name', 'Enter the name on the card.'],
    ];
    for (const [fields, field, message] of refusals) {
      const res = await submitCard(url, fields);
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toContain(`<p class="error" id="${field}-error">${message}</p>`);
      expect(res.body).toMatch(new RegExp(`id="${field}"[^>]*aria-describedby="[^"]*${field}-error"[^>]*aria-invalid="true"`));
    }

    const declined = await submitCard(url, { ...GOOD_CARD, number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<p class="alert" role="alert">Your card was declined.</p>');
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Pending');

    const paid = await submitCard(url, GOOD_CARD);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkoutSuccess?order=${order._id}`);
    expect(await orderNow(shopper, order)).toMatchObject({ paymentStatus: 'Paid', status: 'Waiting for Supplier' });
    expect(CartResponseSchema.parse((await t.request('GET', '/api/cart', { as: shopper })).body).data.items).toEqual([]);
    expect(await stockOf(p!)).toBe(8);

    const again = await t.app.inject({ method: 'GET', url });
    expect(again.body).toContain('This order is already paid.');
    const twice = await submitCard(url, GOOD_CARD);
    expect(twice.statusCode).toBe(409);
  });

  it('speaks Arabic right-to-left with the i18next cookie', async () => {
    const [p] = await freshProducts(1);
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    const url = await openSession(shopper, order);
    const page = await t.app.inject({ method: 'GET', url, headers: { cookie: 'i18next=ar' } });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('الاسم على البطاقة');
    // The shop's name as the storefront spells it (apps/web/public/locales/ar/common.json).
    expect(page.body).toContain('<title>دفع آمن · دكّان</title>');
    expect(page.body).toContain('<h1>ادفع لدكّان</h1>');
    expect(page.body).not.toContain('دكان');
    const declined = await submitCard(url, { ...GOOD_CARD, number: '4000000000000002' }, { cookie: 'i18next=ar' });
    expect(declined.body).toContain('تم رفض بطاقتك.');
  });

  it('writes amounts as the shop does, $1,299.50, in both languages, kept left-to-right in Arabic', async () => {
    const [p] = await freshProducts(1, 20, 129950);
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    const url = await openSession(shopper, order);
    for (const cookie of ['i18next=en', 'i18next=ar']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      // The line and the amount due.
      expect(page.body.split('<bdi dir="ltr">$1,299.50</bdi>'), cookie).toHaveLength(3);
      expect(page.body, cookie).not.toContain('US$');
    }
  });

  it('cancels the order and returns its stock when the shopper cancels, and the page then says it has expired', async () => {
    const [p] = await freshProducts(1, 5);
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 3 }]);
    expect(await stockOf(p!)).toBe(2);
    const url = await openSession(shopper, order);
    const res = await submitCard(`${url}/cancel`, {});
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/checkout');
    expect(await orderNow(shopper, order)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Cancelled', payBy: null });
    expect(await stockOf(p!)).toBe(5);
    // The cart is untouched: the shopper can place the order again.
    expect(CartResponseSchema.parse((await t.request('GET', '/api/cart', { as: shopper })).body).data.count).toBe(3);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This payment page has expired.');
    expect((await submitCard(url, GOOD_CARD)).statusCode).toBe(410);
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Cancelled');
  });

  it('answers 404 for a page that does not exist', async () => {
    for (const url of [`/pay/${randomUUID()}`, '/pay/nonsense']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This payment page does not exist.');
    }
  });
});

describe('the payment webhook', () => {
  it('marks an order paid only for a genuine, fresh event of its session, once', async () => {
    const [p] = await freshProducts(1, 10, 2500);
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 2 }]);
    const url = await openSession(shopper, order);
    const provider = await sandbox();
    const session = { providerSessionId: providerSessionIdOf(url), orderId: order._id, amountCents: 5000, currency: 'usd' };
    const event = provider.buildEvent('checkout.session.completed', session);

    const forger = new SandboxPaymentProvider(new TextEncoder().encode('not-the-shop-secret-but-32-chars-long!'));
    const refused: [string, string | undefined, string][] = [
      [event, undefined, 'MISSING_SIGNATURE'],
      [event, forger.sign(event), 'INVALID_SIGNATURE'],
      [event, 'v1=deadbeef', 'INVALID_SIGNATURE'],
      [event.replace('"amount_total":5000', '"amount_total":1'), provider.sign(event), 'INVALID_SIGNATURE'],
      [event, provider.sign(event, Date.now() - 10 * 60 * 1000), 'STALE_EVENT'],
      ['{"not":"an event"}', provider.sign('{"not":"an event"}'), 'INVALID_EVENT'],
    ];
    for (const [body, signature, code] of refused) {
      const res = await deliver(body, signature);
      expect(res.status, code).toBe(400);
      expect(ErrorResponseSchema.parse(res.body).code).toBe(code);
    }
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Pending');

    // Reaching the success page pays nothing: it is only a page.
    await t.app.inject({ method: 'GET', url: `/checkoutSuccess?order=${order._id}` });
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Pending');

    // The genuine event for another amount (or currency) is not a payment of this order.
    const short = provider.buildEvent('checkout.session.completed', { ...session, amountCents: 4999 });
    expect((await deliver(short, provider.sign(short))).body).toMatchObject({ outcome: 'ignored' });
    const euros = provider.buildEvent('checkout.session.completed', { ...session, currency: 'eur' });
    expect((await deliver(euros, provider.sign(euros))).body).toMatchObject({ outcome: 'ignored' });
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Pending');

    const first = await deliver(event, provider.sign(event));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: 'handled' });
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Paid');

    // The same event again, and an expiry after the payment, change nothing.
    const replay = await deliver(event, provider.sign(event));
    expect(replay.body).toEqual({ received: true, outcome: 'duplicate' });
    const late = provider.buildEvent('checkout.session.expired', session);
    expect((await deliver(late, provider.sign(late))).status).toBe(200);
    expect(await orderNow(shopper, order)).toMatchObject({ paymentStatus: 'Paid', status: 'Waiting for Supplier' });
    expect(await stockOf(p!)).toBe(8);

    // An event for a session the order does not have pays nothing.
    const { shopper: other, order: otherOrder } = await placedOrder([{ _id: p!, quantity: 1 }]);
    await openSession(other, otherOrder);
    const stray = provider.buildEvent('checkout.session.completed', { ...session, orderId: otherOrder._id, amountCents: 2500 });
    expect((await deliver(stray, provider.sign(stray))).body).toMatchObject({ outcome: 'ignored' });
    expect((await orderNow(other, otherOrder)).paymentStatus).toBe('Pending');
  });

  it('takes the stock again for a payment that arrives after the order expired, or keeps it cancelled when the stock is gone', async () => {
    const [p] = await freshProducts(1, 4, 1000);
    const provider = await sandbox();
    const late = async () => {
      const { shopper, order } = await placedOrder([{ _id: p!, quantity: 2 }]);
      const url = await openSession(shopper, order);
      return { shopper, order, session: { providerSessionId: providerSessionIdOf(url), orderId: order._id, amountCents: 2000, currency: 'usd' } };
    };
    const revived = await late();
    const lost = await late();
    await t.database.db
      .update(orders)
      .set({ payBy: sql`now() - interval '1 second'` })
      .where(inArray(orders.id, [revived.order._id, lost.order._id]));
    expect(await expireUnpaidOrders(t.database.db)).toBe(2);
    expect(await stockOf(p!)).toBe(4);
    // The stock the revived order needs is there; then someone buys what the other one needs.
    const paid = provider.buildEvent('checkout.session.completed', revived.session);
    await deliver(paid, provider.sign(paid));
    expect(await orderNow(revived.shopper, revived.order)).toMatchObject({ paymentStatus: 'Paid', status: 'Waiting for Supplier' });
    expect(await stockOf(p!)).toBe(2);
    await t.database.db.update(products).set({ quantity: 1 }).where(eq(products.id, p!));

    const paidLate = provider.buildEvent('checkout.session.completed', lost.session);
    await deliver(paidLate, provider.sign(paidLate));
    expect(await orderNow(lost.shopper, lost.order)).toMatchObject({ paymentStatus: 'Paid', status: 'Cancelled' });
    expect(await stockOf(p!)).toBe(1);
    expect(t.logs.some((line) => line.includes('refund it'))).toBe(true);
  });
});
