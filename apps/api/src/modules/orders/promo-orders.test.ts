import { randomBytes } from 'node:crypto';

import { AdminOrderResponseSchema } from '@dukkan/contracts/admin-orders';
import { PromotionResponseSchema, type CreatePromotionBody, type Promotion } from '@dukkan/contracts/admin-promotions';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { PlaceOrderResponseSchema } from '@dukkan/contracts/orders';
import { UserResponseSchema } from '@dukkan/contracts/users';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { carts, orders, products, promotionUses } from '../../db/schema';
import { FailureLimiter } from '../../lib/failure-limiter';
import { markOrderPaid } from '../../test/order-fixtures';
import { productSupply, TEST_ADDRESS } from '../../test/shop-fixtures';
import { createTestStaff, type TestStaff } from '../../test/staff-fixtures';
import { testConfig, useTestApp, type JsonAnswer, type TestUser } from '../../test/test-app';
import { orderConfirmation } from '../payments/confirmation';

import { expireUnpaidOrders } from './expiry';

/*
 * Orders that carry a promotion (issue #35): Place Order takes the cart's code, weighs it again on
 * the order's lines, claims a use under the promotion's lock, and the order, its payment, its mail
 * and its refunds all add up to the cent. The caps hold when many shoppers order at once.
 */

// 200 shoppers sign up in this file: the sign-up limit is off for them.
const t = useTestApp({ env: { SIGNUP_LIMIT: '0' } });
const supply = productSupply(() => t.database.db);

let catalog: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  catalog = await createTestStaff(t.database.db, 'catalog', 'Cato Catalog');
  support = await createTestStaff(t.database.db, 'support', 'Sam Support');
});

const uniqueCode = () => `ORDER-${randomBytes(4).toString('hex').toUpperCase()}`;

async function createPromotion(overrides: Partial<CreatePromotionBody>): Promise<Promotion> {
  const body: CreatePromotionBody = { name: { en: 'Spring sale', ar: 'تخفيضات الربيع' }, code: uniqueCode(), kind: 'percent', value: 10, active: true, ...overrides };
  const res = await t.request('POST', '/api/admin/promotions', { headers: catalog.headers, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return PromotionResponseSchema.parse(res.body).data;
}

interface Shopper {
  shopper: TestUser;
  addressId: string;
}

/** A new shopper with one saved address, `lines` in the cart and `code` entered. */
async function shopperWithCart(lines: [string, number][], code?: string): Promise<Shopper> {
  const shopper = await t.createUser();
  const book = await t.request('PUT', `/api/users/address/${shopper.id}`, { as: shopper, body: [TEST_ADDRESS] });
  const addressId = UserResponseSchema.parse(book.body).data.addressBook[0]?._id;
  if (!addressId) throw new Error('no address saved');
  for (const [id, quantity] of lines) expect((await t.request('POST', `/api/cart/${id}`, { as: shopper, body: { quantity } })).status).toBe(200);
  if (code !== undefined) {
    const res = await t.request('POST', '/api/cart/promo', { as: shopper, body: { code } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { shopper, addressId };
}

/** The checkout's draft of `lines`: only ids and quantities count, and it carries no code. */
const draft = ({ shopper, addressId }: Shopper, lines: [string, number][]) => ({
  userId: shopper.id,
  amount: 0.01,
  status: 'Waiting for Supplier',
  items: lines.map(([_id, quantity]) => ({ _id, quantity, price: 0.01, title: 'x', thumbnail: 'x', description: 'x' })),
  shippingAddress: { ...TEST_ADDRESS, _id: addressId },
});

const place = (who: Shopper, lines: [string, number][]) => t.request('POST', '/api/orders', { as: who.shopper, body: draft(who, lines) });

function placed(res: JsonAnswer) {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return PlaceOrderResponseSchema.parse(res.body);
}

function refused(res: JsonAnswer, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = ErrorResponseSchema.parse(res.body);
  expect(body.code).toBe(code);
  return body;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const liveUses = async (promotionId: string) =>
  (await t.database.db.select({ n: count() }).from(promotionUses).where(and(eq(promotionUses.promotionId, promotionId), isNull(promotionUses.releasedAt))))[0]?.n ?? 0;
const ordersOf = async (userId: string) => (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n ?? 0;
const storedCode = async (userId: string) => (await t.database.db.select({ id: carts.promotionId }).from(carts).where(eq(carts.userId, userId)))[0]?.id ?? null;

describe('placing an order with the cart’s code', () => {
  it('keeps each line’s price, discount and paid amount; amount = Σ paid; the card page, the mail and the back office show it', async () => {
    // $3.33 × 3 and $0.99 × 1 at 15 %: $10.98 × 15 % = $1.647 → $1.65 (150 + 15 cents).
    const [a, b] = await supply.take(2, { priceCents: 333 });
    const { db } = t.database;
    await db.update(products).set({ priceCents: 99 }).where(eq(products.id, b!));
    const promotion = await createPromotion({ products: [a!, b!], value: 15 });
    const lines: [string, number][] = [
      [a!, 3],
      [b!, 1],
    ];
    const who = await shopperWithCart(lines, promotion.code!.toLowerCase());

    const { data: order, promoNotice } = placed(await place(who, lines));
    expect(promoNotice).toBeUndefined();
    expect(order.promotion).toEqual({ code: promotion.code, name: 'Spring sale' });
    expect(order.discount).toBe(1.65);
    expect(order.items.map((item) => [item.price, item.quantity, item.discount, item.paid])).toEqual([
      [3.33, 3, 1.5, 8.49],
      [0.99, 1, 0.15, 0.84],
    ]);
    expect(order.amount).toBe(9.33);
    expect(cents(order.amount)).toBe(order.items.reduce((sum, item) => sum + cents(item.paid), 0));
    expect(await liveUses(promotion._id)).toBe(1);

    // The shopper's own order reads the same, in Arabic too.
    const mine = await t.request('GET', `/api/orders/${order._id}`, { as: who.shopper, headers: { lng: 'ar' } });
    expect(mine.body).toMatchObject({ order: [{ amount: 9.33, discount: 1.65, promotion: { code: promotion.code, name: 'تخفيضات الربيع' } }] });

    // The card page asks for exactly the amount and shows the discount.
    const session = await t.request('POST', '/api/stripe/create-checkout-session', { as: who.shopper, body: { order, userId: who.shopper.id } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: (session.body as { url: string }).url });
    expect(page.body).toContain('Discount');
    expect(page.body).toContain('−$1.65');
    expect(page.body).toContain('$9.33');

    // Paid: the mail shows the discount and the total paid; the cart no longer holds the code.
    await markOrderPaid(db, order);
    const mail = await orderConfirmation(db, order._id, 'http://shop.test');
    expect(mail?.text).toContain('Discount (Spring sale): −$1.65');
    expect(mail?.text).toContain('Total paid: $9.33');

    const admin = await t.request('GET', `/api/admin/orders/${order._id}`, { headers: support.headers });
    const detail = AdminOrderResponseSchema.parse(admin.body).data;
    expect(detail).toMatchObject({ amount: 9.33, discount: 1.65, promotion: { _id: promotion._id, code: promotion.code } });
    expect(detail.lines.map((line) => [line.discount, line.paid])).toEqual([
      [1.5, 8.49],
      [0.15, 0.84],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv`, headers: support.headers });
    expect(csv.body.split('\r\n').find((line) => line.startsWith(order._id))).toMatch(/,9\.33,0\.00,1\.65$/);
  });

  it('places the order without a code that no longer applies to the lines sent, and says so', async () => {
    const [p, q] = await supply.take(2, { priceCents: 1_000 });
    const promotion = await createPromotion({ products: [p!, q!], minSubtotal: 20 });
    const who = await shopperWithCart(
      [
        [p!, 1],
        [q!, 1],
      ],
      promotion.code!,
    );
    const { data: order, promoNotice } = placed(await place(who, [[p!, 1]]));
    expect(order).toMatchObject({ amount: 10, discount: 0, promotion: null });
    expect(promoNotice).toEqual({ code: promotion.code, reason: 'PROMO_MIN_SUBTOTAL', message: "Add $10.00 more of this promotion's items to use it" });
    expect(await liveUses(promotion._id)).toBe(0);
  });

  it('applies the automatic promotion that saves the most when the cart holds no code', async () => {
    const [p] = await supply.take(1, { priceCents: 2_000 });
    const automatic = await createPromotion({ code: undefined, products: [p!], kind: 'amount', value: 2.5, name: { en: 'Welcome', ar: 'أهلاً' } });
    const who = await shopperWithCart([[p!, 2]]);
    const { data: order } = placed(await place(who, [[p!, 2]]));
    expect(order).toMatchObject({ amount: 37.5, discount: 2.5, promotion: { code: null, name: 'Welcome' } });
    await t.request('DELETE', `/api/admin/promotions/${automatic._id}`, { headers: catalog.headers });
  });
});

describe('caps', () => {
  it('refuses an order past the cap with 409 PROMO_USED_UP, writes nothing, keeps the code; a cancelled order frees its use', async () => {
    const [p] = await supply.take(1, { priceCents: 1_000, stock: 10 });
    const promotion = await createPromotion({ products: [p!], usageLimit: 1 });
    const first = await shopperWithCart([[p!, 1]], promotion.code!);
    const second = await shopperWithCart([[p!, 1]], promotion.code!);
    const { data: order } = placed(await place(first, [[p!, 1]]));

    const full = refused(await place(second, [[p!, 1]]), 409, 'PROMO_USED_UP');
    expect(full.message).toBe('This promotion has been used up');
    expect(await ordersOf(second.shopper.id)).toBe(0);
    expect(await supply.stockOf(p!)).toBe(9);
    expect(await storedCode(second.shopper.id)).toBe(promotion._id);
    // The cart says why it does not apply, and keeps the code.
    const cart = await t.request('GET', '/api/cart', { as: second.shopper });
    expect(cart.body).toMatchObject({ data: { promotion: null, promoNotice: { reason: 'PROMO_USED_UP', removed: false } } });

    // The first order expires unpaid: its use is free, and the second shopper gets it.
    await t.database.db.update(orders).set({ payBy: new Date(Date.now() - 1_000) }).where(eq(orders.id, order._id));
    await expireUnpaidOrders(t.database.db);
    expect(await liveUses(promotion._id)).toBe(0);
    expect(placed(await place(second, [[p!, 1]])).data.discount).toBe(1);

    // Removing the code lets a shopper order without it.
    const third = await shopperWithCart([[p!, 1]], undefined);
    await t.database.db.update(carts).set({ promotionId: promotion._id }).where(eq(carts.userId, third.shopper.id));
    refused(await place(third, [[p!, 1]]), 409, 'PROMO_USED_UP');
    expect((await t.request('DELETE', '/api/cart/promo', { as: third.shopper })).status).toBe(200);
    expect(placed(await place(third, [[p!, 1]])).data).toMatchObject({ amount: 10, discount: 0 });
  });

  it('holds a shopper’s own limit: 10 orders at once, exactly 1 carries the code', async () => {
    const [p] = await supply.take(1, { priceCents: 1_000, stock: 50 });
    const promotion = await createPromotion({ products: [p!], perCustomerLimit: 1 });
    const who = await shopperWithCart([[p!, 1]], promotion.code!);
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(who, [[p!, 1]])));
    const codes = answers.map((res) => (res.status === 201 ? 'placed' : ErrorResponseSchema.parse(res.body).code));
    expect(codes.filter((code) => code === 'placed')).toHaveLength(1);
    expect(answers.every((res) => res.status === 201 || res.status === 409)).toBe(true);
    expect(codes.filter((code) => code !== 'placed').every((code) => code === 'PROMO_ALREADY_USED' || code === 'TOO_MANY_UNPAID_ORDERS')).toBe(true);
    expect(await liveUses(promotion._id)).toBe(1);
    expect(await ordersOf(who.shopper.id)).toBe(1);
  });

  it('gives a code capped at 50 to exactly 50 of 200 shoppers ordering at once', async () => {
    const [p] = await supply.take(1, { priceCents: 1_000, stock: 500 });
    const promotion = await createPromotion({ products: [p!], usageLimit: 50 });
    const shoppers = await inBatches(200, () => shopperWithCart([[p!, 1]], promotion.code!));

    // Two API processes on the server (a second app on its own pool); one on the embedded database.
    const url = t.database.url;
    const second = inject('dbKind') === 'postgres' && url ? await openDatabase({ kind: 'postgres', url, poolSize: 10 }) : undefined;
    const limiter = FailureLimiter.create({ redisUrl: undefined });
    const otherApp = second ? await buildApp({ config: testConfig({ LOG_LEVEL: 'silent', SIGNUP_LIMIT: '0' }), db: second.db, limiter }) : undefined;
    try {
      const answers = await Promise.all(
        shoppers.map(async (who, i) => {
          const request = { method: 'POST' as const, url: '/api/orders', headers: { token: who.shopper.token }, payload: draft(who, [[p!, 1]]) };
          const res = otherApp && i % 2 === 0 ? await otherApp.inject(request) : await t.app.inject(request);
          return { status: res.statusCode, body: res.json<unknown>() };
        }),
      );
      expect(answers.filter((res) => res.status >= 500)).toEqual([]);
      const carried = answers.filter((res) => res.status === 201);
      expect(carried).toHaveLength(50);
      for (const res of carried) expect(PlaceOrderResponseSchema.parse(res.body).data.discount).toBe(1);
      const refusals = answers.filter((res) => res.status === 409);
      expect(refusals).toHaveLength(150);
      for (const res of refusals) expect(ErrorResponseSchema.parse(res.body).code).toBe('PROMO_USED_UP');
      expect(await liveUses(promotion._id)).toBe(50);
      expect(await supply.stockOf(p!)).toBe(450);
    } finally {
      await otherApp?.close();
      await limiter.close();
      await second?.close();
    }
    // 200 sign-ups and carts first: long on the embedded database.
  }, 240_000);
});

describe('refunds of a discounted order', () => {
  it('bounds a refund of named lines by what they paid, returns exactly the amount charged in full, and a cancellation frees the use', async () => {
    // 3 × $3.33 = $9.99 at 10 %: $1.00 off, $8.99 paid.
    const [p, q] = await supply.take(2, { priceCents: 333, stock: 10 });
    const promotion = await createPromotion({ products: [p!], value: 10 });
    const lines: [string, number][] = [
      [p!, 3],
      [q!, 1],
    ];
    const who = await shopperWithCart(lines, promotion.code!);
    const { data: order } = placed(await place(who, lines));
    expect(order.items.map((item) => item.paid)).toEqual([8.99, 3.33]);
    expect(order.amount).toBe(12.32);
    await markOrderPaid(t.database.db, order);
    const url = `/api/admin/orders/${order._id}/refunds`;
    const refund = (body: object) => t.request('POST', url, { headers: support.headers, body: { reason: 'Returned', ...body } });

    // One of three units of p paid $2.99 (899 × 1 / 3, rounded down): not a cent more.
    const tooMuch = refused(await refund({ amount: 3, restock: true, items: [{ productId: p, quantity: 1 }] }), 409, 'REFUND_TOO_LARGE');
    expect(tooMuch.message).toContain('$2.99');
    expect((await refund({ amount: 2.99, restock: true, items: [{ productId: p, quantity: 1 }] })).status).toBe(201);
    // The rest, without an amount: exactly what is left of the amount charged.
    const rest = await refund({ restock: false });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const detail = AdminOrderResponseSchema.parse(rest.body).data;
    expect(detail).toMatchObject({ paymentStatus: 'Refunded', refunded: 12.32, refundable: 0 });
    expect(detail.refunds.reduce((sum, r) => sum + cents(r.amount), 0)).toBe(cents(order.amount));

    // Cancelling the (refunded, not yet shipped) order frees the promotion's use.
    expect(await liveUses(promotion._id)).toBe(1);
    const cancel = await t.request('POST', `/api/admin/orders/${order._id}/cancel`, { headers: support.headers, body: { reason: 'Returned whole' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await liveUses(promotion._id)).toBe(0);
  });
});

/** `n` results of `make`, at most 20 at a time (sign-ups hash passwords). */
async function inBatches<T>(n: number, make: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  while (results.length < n) results.push(...(await Promise.all(Array.from({ length: Math.min(20, n - results.length) }, make))));
  return results;
}

