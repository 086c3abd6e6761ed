import { randomUUID } from 'node:crypto';

import { ErrorResponseSchema } from '@dukkan/contracts/common';
import {
  CheckoutSessionResponseSchema,
  OrderResponseSchema,
  OrdersResponseSchema,
  PlaceOrderResponseSchema,
  type Order,
} from '@dukkan/contracts/orders';
import { UserResponseSchema } from '@dukkan/contracts/users';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';

import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { orders, products } from '../../db/schema';
import { FailureLimiter } from '../../lib/failure-limiter';
import { productSupply, TEST_ADDRESS } from '../../test/shop-fixtures';
import { testConfig, useTestApp, type JsonAnswer, type TestUser } from '../../test/test-app';

import { expireUnpaidOrders } from './expiry';

const t = useTestApp();

const supply = productSupply(() => t.database.db);
const freshProducts = (n: number, options?: { stock?: number; priceCents?: number }) => supply.take(n, options);
const stockOf = (id: string) => supply.stockOf(id);
const ADDRESS = TEST_ADDRESS;

/** A new shopper with one saved address. */
async function shopperWithAddress(): Promise<{ shopper: TestUser; addressId: string }> {
  const shopper = await t.createUser();
  const res = await t.request('PUT', `/api/users/address/${shopper.id}`, { as: shopper, body: [ADDRESS] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const addressId = UserResponseSchema.parse(res.body).data.addressBook[0]?._id;
  if (!addressId) throw new Error('no address saved');
  return { shopper, addressId };
}

/** The spec's order draft: the client's idea of prices and amount, which the server ignores. */
function draft(shopper: TestUser, addressId: string, items: { _id: string; quantity: number; price?: number }[], amount = 0.01) {
  return {
    userId: shopper.id,
    amount,
    status: 'Waiting for Supplier',
    items: items.map(({ _id, quantity, price = 0.01 }) => ({ _id, quantity, price, title: 'x', thumbnail: 'x', description: 'x' })),
    shippingAddress: { ...ADDRESS, _id: addressId },
  };
}

function place(shopper: TestUser, body: unknown, key?: string) {
  return t.request('POST', '/api/orders', { as: shopper, body, headers: key ? { 'idempotency-key': key } : {} });
}

function orderOf(res: JsonAnswer): Order {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.headers['cache-control']).toBe('no-store');
  return PlaceOrderResponseSchema.parse(res.body).data;
}

const errorOf = (res: JsonAnswer) => ErrorResponseSchema.parse(res.body);

async function orderCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

describe('placing an order', () => {
  it('prices the order from the catalog, takes the stock and copies the address, whatever the client says', async () => {
    const [a, b] = await freshProducts(2, { stock: 5, priceCents: 1250 });
    await t.database.db.update(products).set({ priceCents: 399 }).where(eq(products.id, b!));
    const { shopper, addressId } = await shopperWithAddress();

    const order = orderOf(await place(shopper, draft(shopper, addressId, [{ _id: a!, quantity: 2, price: 0.01 }, { _id: b!, quantity: 3 }], 0.05)));
    expect(order.amount).toBe(36.97); // 2 × 12.50 + 3 × 3.99
    expect(order.count).toBe(5);
    expect(order.status).toBe('Waiting for Supplier');
    expect(order.paymentStatus).toBe('Pending');
    expect(order.userId).toBe(shopper.id);
    expect(order.items.map((item) => [item._id, item.quantity, item.price])).toEqual([
      [a, 2, 12.5],
      [b, 3, 3.99],
    ]);
    expect(order.shippingAddress).toMatchObject({ _id: addressId, street: '26 July Street', city: 'Cairo', area: 'Zamalek', country: 'Egypt' });
    expect(order.payBy).not.toBeNull();
    expect(await stockOf(a!)).toBe(3);
    expect(await stockOf(b!)).toBe(2);

    // The address is a copy: deleting it from the book leaves the order's as it was.
    await t.request('PUT', `/api/users/address/${shopper.id}`, { as: shopper, body: [] });
    const read = OrderResponseSchema.parse((await t.request('GET', `/api/orders/${order._id}`, { as: shopper })).body).order[0];
    expect(read.shippingAddress.street).toBe('26 July Street');
    expect(read.amount).toBe(36.97);
  });

  it('refuses an order the stock cannot cover with a 409 naming the product, and changes nothing', async () => {
    const [plenty, scarce] = await freshProducts(2, { stock: 2 });
    await t.database.db.update(products).set({ quantity: 10 }).where(eq(products.id, plenty!));
    const [title] = await t.database.db.select({ title: products.titleEn }).from(products).where(eq(products.id, scarce!));
    const { shopper, addressId } = await shopperWithAddress();

    const res = await place(shopper, draft(shopper, addressId, [{ _id: plenty!, quantity: 4 }, { _id: scarce!, quantity: 3 }]));
    expect(res.status).toBe(409);
    expect(errorOf(res)).toEqual({ message: `Only 2 left of ${title?.title}`, code: 'NOT_ENOUGH_STOCK' });
    expect(await stockOf(plenty!)).toBe(10);
    expect(await stockOf(scarce!)).toBe(2);
    expect(await orderCount(shopper.id)).toBe(0);

    await t.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, scarce!));
    const none = await place(shopper, draft(shopper, addressId, [{ _id: scarce!, quantity: 1 }]));
    expect(errorOf(none)).toEqual({ message: `${title?.title} is out of stock`, code: 'NOT_ENOUGH_STOCK' });
  });

  it("refuses another shopper's address, an unknown one, and changes nothing", async () => {
    const [p] = await freshProducts(1, { stock: 5 });
    const { shopper } = await shopperWithAddress();
    const { addressId: theirs } = await shopperWithAddress();
    for (const addressId of [theirs, randomUUID()]) {
      const res = await place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 1 }]));
      expect(res.status).toBe(404);
      expect(errorOf(res).code).toBe('ADDRESS_NOT_FOUND');
    }
    expect(await stockOf(p!)).toBe(5);
    expect(await orderCount(shopper.id)).toBe(0);
  });

  it('refuses bad drafts with a 400 and a guest with a 401', async () => {
    const [p] = await freshProducts(1, { stock: 5 });
    const { shopper, addressId } = await shopperWithAddress();
    const cases: [unknown, string][] = [
      [{ ...draft(shopper, addressId, []) }, 'Your cart is empty'],
      [draft(shopper, addressId, [{ _id: p!, quantity: 0 }]), 'Quantity must be a whole number from 1 to 99'],
      [draft(shopper, addressId, [{ _id: p!, quantity: 1.5 }]), 'Quantity must be a whole number from 1 to 99'],
      [{ items: [{ _id: p!, quantity: 1 }] }, 'Please choose a shipping address'],
      [draft(shopper, addressId, [{ _id: p!, quantity: 1 }, { _id: p!, quantity: 2 }]), 'The same product appears twice in the order'],
    ];
    for (const [body, message] of cases) {
      const res = await place(shopper, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toContain(message);
    }
    const guest = await t.request('POST', '/api/orders', { body: draft(shopper, addressId, [{ _id: p!, quantity: 1 }]) });
    expect(guest.status).toBe(401);
    expect(await stockOf(p!)).toBe(5);
    expect(await orderCount(shopper.id)).toBe(0);
  });

  it('makes one order for a repeated Idempotency-Key, also when the repeats arrive together', async () => {
    const [p] = await freshProducts(1, { stock: 10 });
    const { shopper, addressId } = await shopperWithAddress();
    const body = draft(shopper, addressId, [{ _id: p!, quantity: 2 }]);
    const key = randomUUID();

    const first = orderOf(await place(shopper, body, key));
    const again = await place(shopper, body, key);
    expect(orderOf(again)._id).toBe(first._id);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const together = await Promise.all(Array.from({ length: 5 }, () => place(shopper, body, `${key}-2`)));
    expect(new Set(together.map((res) => orderOf(res)._id)).size).toBe(1);
    expect(await orderCount(shopper.id)).toBe(2);
    expect(await stockOf(p!)).toBe(6);

    // Another shopper's same key is theirs alone.
    const { shopper: other, addressId: otherAddress } = await shopperWithAddress();
    expect(orderOf(await place(other, draft(other, otherAddress, [{ _id: p!, quantity: 1 }]), key))._id).not.toBe(first._id);
  });

  it('sells the last 10 units to exactly 10 of 50 shoppers ordering at once', async () => {
    const [p] = await freshProducts(1, { stock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWithAddress()));
    const answers = await Promise.all(shoppers.map(({ shopper, addressId }) => place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 1 }]))));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(10);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(40);
    expect(await stockOf(p!)).toBe(0);
  });

  it.runIf(inject('dbKind') === 'postgres')('sells the last 10 units to exactly 10 of 50 orders through two API processes (only on the PostgreSQL server: the embedded database belongs to one process)', async () => {
    const url = t.database.url;
    if (!url) throw new Error('the PostgreSQL copy has no URL');
    const second = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
    const limiter = FailureLimiter.create({ redisUrl: undefined });
    const otherApp = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), db: second.db, limiter });
    await otherApp.ready();
    try {
      const [p] = await freshProducts(1, { stock: 10 });
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWithAddress()));
      const answers = await Promise.all(
        shoppers.map(async ({ shopper, addressId }, i) => {
          const request = { method: 'POST' as const, url: '/api/orders', headers: { token: shopper.token }, payload: draft(shopper, addressId, [{ _id: p!, quantity: 1 }]) };
          const res = i % 2 === 0 ? await otherApp.inject(request) : await t.app.inject(request);
          return res.statusCode;
        }),
      );
      expect(answers.filter((status) => status === 201)).toHaveLength(10);
      expect(answers.filter((status) => status === 409)).toHaveLength(40);
      expect(await stockOf(p!)).toBe(0);
    } finally {
      await otherApp.close();
      await limiter.close();
      await second.close();
    }
  });
});

describe('the unpaid-order limit', () => {
  const LIMIT_REFUSAL = { message: 'You already have 3 orders waiting for payment. Pay or cancel one of them first.', code: 'TOO_MANY_UNPAID_ORDERS' };

  it('refuses a 4th unpaid order with a 409 naming the limit, writes nothing, and frees a slot when one is paid or cancelled', async () => {
    const [p] = await freshProducts(1, { stock: 20 });
    const { shopper, addressId } = await shopperWithAddress();
    const one = (quantity = 1, key?: string) => place(shopper, draft(shopper, addressId, [{ _id: p!, quantity }]), key);
    const key = randomUUID();
    const placed = [orderOf(await one(1, key)), orderOf(await one()), orderOf(await one())];
    expect(await stockOf(p!)).toBe(17);

    const fourth = await one(2);
    expect(fourth.status).toBe(409);
    expect(errorOf(fourth)).toEqual(LIMIT_REFUSAL);
    expect(await orderCount(shopper.id)).toBe(3);
    expect(await stockOf(p!)).toBe(17);
    // A repeated Idempotency-Key still answers the order it made: it is no new order. A new key is.
    const replay = await one(1, key);
    expect(orderOf(replay)._id).toBe(placed[0]!._id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(errorOf(await one(1, randomUUID()))).toEqual(LIMIT_REFUSAL);

    // Cancelled on the card page: a slot is free again, and only one.
    const openPage = async (order: Order) => {
      const res = await t.request('POST', '/api/stripe/create-checkout-session', { as: shopper, body: { order, userId: shopper.id } });
      return CheckoutSessionResponseSchema.parse(res.body).url;
    };
    const form = (url: string, fields: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    expect((await form(`${await openPage(placed[0]!)}/cancel`)).statusCode).toBe(303);
    const fifth = orderOf(await one());
    expect(errorOf(await one())).toEqual(LIMIT_REFUSAL);

    // Paid: it no longer waits, so another order may be placed.
    const paid = await form(await openPage(placed[1]!), { name: 'Omar Hassan', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(paid.statusCode).toBe(303);
    orderOf(await one());
    expect(errorOf(await one())).toEqual(LIMIT_REFUSAL);

    // Past its time (not yet swept by the expiry job) it no longer counts either.
    await t.database.db.update(orders).set({ payBy: sql`now() - interval '1 second'` }).where(eq(orders.id, fifth._id));
    orderOf(await one());
    expect(await orderCount(shopper.id)).toBe(6);
  });

  it('lets exactly 3 of 8 orders of one shopper placed at once through, and another shopper is not affected', async () => {
    const [p] = await freshProducts(1, { stock: 20 });
    const { shopper, addressId } = await shopperWithAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 1 }]))));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(5);
    for (const res of refused) expect(errorOf(res)).toEqual(LIMIT_REFUSAL);
    expect(await orderCount(shopper.id)).toBe(3);
    expect(await stockOf(p!)).toBe(17);

    const { shopper: other, addressId: theirs } = await shopperWithAddress();
    orderOf(await place(other, draft(other, theirs, [{ _id: p!, quantity: 1 }])));
  });
});

describe('reading orders', () => {
  it('answers one order, the upcoming and the past ones only to their shopper, newest first', async () => {
    const [p] = await freshProducts(1, { stock: 10 });
    const { shopper, addressId } = await shopperWithAddress();
    const { shopper: stranger } = await shopperWithAddress();
    const older = orderOf(await place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 1 }])));
    const newer = orderOf(await place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 2 }])));
    const cancelled = orderOf(await place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 3 }])));
    await t.database.db.update(orders).set({ payBy: sql`now() - interval '1 minute'` }).where(eq(orders.id, cancelled._id));
    expect(await expireUnpaidOrders(t.database.db)).toBeGreaterThanOrEqual(1);

    const one = await t.request('GET', `/api/orders/${older._id}`, { as: shopper });
    expect(one.status).toBe(200);
    expect(one.headers['cache-control']).toBe('no-store');
    const [order] = OrderResponseSchema.parse(one.body).order;
    expect(order).toMatchObject({ _id: older._id, amount: 10, paymentStatus: 'Pending' });
    expect(order.items[0]).toMatchObject({ _id: p, quantity: 1, price: 10 });
    expect(order.items[0]?.title).not.toBe('');
    expect(order.items[0]?.rating).toBeGreaterThanOrEqual(0);

    const coming = OrdersResponseSchema.parse((await t.request('GET', `/api/orders/coming/${shopper.id}`, { as: shopper })).body).allOrders;
    expect(coming.map((o) => o._id)).toEqual([newer._id, older._id]);
    const past = OrdersResponseSchema.parse((await t.request('GET', `/api/orders/past/${shopper.id}`, { as: shopper })).body).allOrders;
    expect(past.map((o) => [o._id, o.status, o.paymentStatus])).toEqual([[cancelled._id, 'Cancelled', 'Expired']]);

    // The authorisation matrix: no token 401; someone else's order or lists 404, word for word
    // the answer for an order or an account that does not exist.
    const missing = { message: 'Order not found', code: 'ORDER_NOT_FOUND' };
    const noLists = { message: 'Orders not found', code: 'NOT_FOUND' };
    const matrix: [string, string | undefined, number, object?][] = [
      [`/api/orders/${older._id}`, undefined, 401],
      [`/api/orders/${older._id}`, stranger.token, 404, missing],
      [`/api/orders/${randomUUID()}`, shopper.token, 404, missing],
      [`/api/orders/not-an-id`, shopper.token, 400],
      [`/api/orders/coming/${shopper.id}`, undefined, 401],
      [`/api/orders/coming/${shopper.id}`, stranger.token, 404, noLists],
      [`/api/orders/coming/${randomUUID()}`, stranger.token, 404, noLists],
      [`/api/orders/past/${shopper.id}`, undefined, 401],
      [`/api/orders/past/${shopper.id}`, stranger.token, 404, noLists],
      [`/api/orders/past/${randomUUID()}`, stranger.token, 404, noLists],
      [`/api/orders/past/${shopper.id}`, 'forged.token.value', 401],
    ];
    for (const [url, token, status, body] of matrix) {
      const res = await t.request('GET', url, token ? { as: token } : {});
      expect(res.status, `${url} as ${token ? 'someone' : 'nobody'}`).toBe(status);
      expect(ErrorResponseSchema.safeParse(res.body).success).toBe(true);
      if (body) expect(res.body).toEqual(body);
    }
  });
});

describe('the unpaid-order expiry', () => {
  it('cancels orders past their time, returns their stock once even when two processes run it together, and leaves others alone', async () => {
    const [p, q] = await freshProducts(2, { stock: 10 });
    const { shopper, addressId } = await shopperWithAddress();
    const due = orderOf(await place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 3 }, { _id: q!, quantity: 1 }])));
    const dueToo = orderOf(await place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 2 }])));
    const fresh = orderOf(await place(shopper, draft(shopper, addressId, [{ _id: p!, quantity: 1 }])));
    expect(await stockOf(p!)).toBe(4);
    await t.database.db
      .update(orders)
      .set({ payBy: sql`now() - interval '1 second'` })
      .where(inArray(orders.id, [due._id, dueToo._id]));

    // Two processes: a second pool on the server; on the embedded database, two runs at once.
    const second = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 2 }) : null;
    try {
      const runs = await Promise.all([expireUnpaidOrders(t.database.db, 1), expireUnpaidOrders(second?.db ?? t.database.db, 1)]);
      expect(runs[0] + runs[1]).toBe(2);
    } finally {
      await second?.close();
    }
    expect(await stockOf(p!)).toBe(9);
    expect(await stockOf(q!)).toBe(10);
    expect(await expireUnpaidOrders(t.database.db)).toBe(0);
    expect(await stockOf(p!)).toBe(9);

    const statuses = await t.database.db
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(inArray(orders.id, [due._id, dueToo._id, fresh._id]));
    expect(new Map(statuses.map((row) => [row.id, `${row.status}/${row.paymentStatus}`]))).toEqual(
      new Map([
        [due._id, 'Cancelled/Expired'],
        [dueToo._id, 'Cancelled/Expired'],
        [fresh._id, 'Waiting for Supplier/Pending'],
      ]),
    );
    // A cancelled order can no longer be paid.
    const session = await t.request('POST', '/api/stripe/create-checkout-session', { as: shopper, body: { order: due, userId: shopper.id } });
    expect(session.status).toBe(409);
    expect(errorOf(session).code).toBe('ORDER_CANCELLED');
    expect(CheckoutSessionResponseSchema.safeParse(session.body).success).toBe(false);
  });
});
