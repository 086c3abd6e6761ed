import { randomUUID } from 'node:crypto';

import { OrderResponseSchema, OrdersResponseSchema, type Order, type ShopperOrder } from '@dukkan/contracts/orders';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { refunds } from '../../db/schema';
import { RefundRefusedError, type PaymentProvider, type RefundResult } from '../../payments/provider';
import { markOrderPaid, orderFixtures } from '../../test/order-fixtures';
import { productSupply } from '../../test/shop-fixtures';
import { useTestApp, type TestUser } from '../../test/test-app';

import { cancelOrder } from './cancel';
import { OPERATOR_ACTOR, type FulfilmentContext, type FulfilmentError } from './fulfilment';
import { refundOrder } from './refund';

/**
 * What the shopper's own order answers say of refunds (issue #32): the succeeded and pending
 * refunds with their amounts and times, what was refunded and what was paid in the end, in whole
 * cents, and never stored by a cache.
 */

const t = useTestApp();
const supply = productSupply(() => t.database.db);
const { placedOrder } = orderFixtures(t);

const CONTEXT: FulfilmentContext = { actor: OPERATOR_ACTOR, publicUrl: 'http://shop.test' };

/** A sandbox provider that answers each refund with `answer` (or throws it). */
function provider(answer: RefundResult | Error = { kind: 'refunded', refundId: `re_test_${randomUUID()}` }): PaymentProvider {
  return {
    name: 'sandbox',
    signatureHeader: 'dukkan-signature',
    createCheckoutSession: () => Promise.reject(new Error('not used here')),
    parseEvent: () => {
      throw new Error('not used here');
    },
    refund: () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)),
  };
}

const markPaid = (order: Order) => markOrderPaid(t.database.db, order);

/** Refunds `cents` of the order at the sandbox, as staff would (no restock). */
function refund(order: Order, cents: number | undefined, answer?: RefundResult | Error) {
  return refundOrder(t.database.db, order._id, provider(answer), CONTEXT, {
    ...(cents === undefined ? {} : { amountCents: cents }),
    reason: 'Test refund',
    restock: false,
    approvalLimitCents: 0,
  });
}

/** The shopper's `GET /api/orders/{id}`, checked against the contract, with its Cache-Control. */
async function readOwnOrder(shopper: TestUser, id: string): Promise<{ order: ShopperOrder; cacheControl: unknown }> {
  const res = await t.request('GET', `/api/orders/${id}`, { as: shopper });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { order: OrderResponseSchema.parse(res.body).order[0], cacheControl: res.headers['cache-control'] };
}

/** The refund rows of the order as the database holds them, oldest first. */
async function refundRows(orderId: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt, refunds.id);
}

describe("the shopper's order answers and refunds", () => {
  it('carry a partial refund with its amount and time, and the net amount paid, on the order and in its list', async () => {
    const [p, q] = await supply.take(2, { stock: 10, priceCents: 1999 });
    const { shopper, order } = await placedOrder([
      { _id: p!, quantity: 2 },
      { _id: q!, quantity: 1 },
    ]);
    await markPaid(order);
    const before = Date.now();
    await refund(order, 1000);

    const { order: read, cacheControl } = await readOwnOrder(shopper, order._id);
    expect(cacheControl).toBe('no-store');
    // The order's own fields keep their meaning: `amount` is still what the order cost.
    expect(read).toMatchObject({ amount: 59.97, paymentStatus: 'Partially refunded', refundedAmount: 10, paidAmount: 49.97 });
    expect(read.refunds).toEqual([{ _id: expect.any(String) as string, amount: 10, status: 'succeeded', createdAt: expect.any(String) as string }]);
    const [row] = await refundRows(order._id);
    expect(read.refunds[0]?._id).toBe(row?.id);
    expect(new Date(read.refunds[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(read.refunds[0]!.createdAt).toBe(row?.createdAt.toISOString());

    const list = await t.request('GET', `/api/orders/coming/${shopper.id}`, { as: shopper });
    expect(list.headers['cache-control']).toBe('no-store');
    const [listed] = OrdersResponseSchema.parse(list.body).allOrders;
    expect(listed).toEqual(read);
  });

  it('works in whole cents: $0.30 less a $0.10 refund is $0.20 paid, not 0.19999…', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 10 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 3 }]);
    await markPaid(order);
    await refund(order, 10);
    const { order: read } = await readOwnOrder(shopper, order._id);
    expect([read.amount, read.refundedAmount, read.paidAmount]).toEqual([0.3, 0.1, 0.2]);
  });

  it('lists a pending refund as pending without deducting it, and never a refused one', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 2500 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 2 }]);
    await markPaid(order);
    await refund(order, 500);
    const refused = await refund(order, 700, new RefundRefusedError('Card account closed')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'REFUND_REFUSED' } satisfies Partial<FulfilmentError>);
    // No answer from the provider: the refund stays pending, to be asked again (decision 0037).
    const unanswered = await refund(order, 1200, new Error('socket hang up')).catch((error: unknown) => error);
    expect(unanswered).toMatchObject({ code: 'REFUND_PENDING' } satisfies Partial<FulfilmentError>);
    expect((await refundRows(order._id)).map((row) => [row.amountCents, row.status])).toEqual([
      [500, 'succeeded'],
      [700, 'failed'],
      [1200, 'pending'],
    ]);

    const { order: read } = await readOwnOrder(shopper, order._id);
    expect(read.refunds.map(({ amount, status }) => ({ amount, status }))).toEqual([
      { amount: 5, status: 'succeeded' },
      { amount: 12, status: 'pending' },
    ]);
    expect(read).toMatchObject({ amount: 50, paymentStatus: 'Partially refunded', refundedAmount: 5, paidAmount: 45 });
  });

  it('says a fully refunded order was paid $0 in the end, and a cancelled paid one is in the past list', async () => {
    const [p, q] = await supply.take(2, { stock: 10, priceCents: 1250 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 2 }]);
    await markPaid(order);
    await refund(order, 1000);
    await refund(order, undefined); // all that is left
    const { order: read } = await readOwnOrder(shopper, order._id);
    expect(read).toMatchObject({ amount: 25, paymentStatus: 'Refunded', refundedAmount: 25, paidAmount: 0 });
    expect(read.refunds.map((r) => [r.amount, r.status])).toEqual([
      [10, 'succeeded'],
      [15, 'succeeded'],
    ]);

    const { shopper: other, order: cancelled } = await placedOrder([{ _id: q!, quantity: 1 }]);
    await markPaid(cancelled);
    await cancelOrder(t.database.db, cancelled._id, provider());
    const past = OrdersResponseSchema.parse((await t.request('GET', `/api/orders/past/${other.id}`, { as: other })).body).allOrders;
    expect(past).toHaveLength(1);
    expect(past[0]).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refundedAmount: 12.5, paidAmount: 0 });
    expect(past[0]?.refunds.map((r) => [r.amount, r.status])).toEqual([[12.5, 'succeeded']]);
  });

  it('says nothing was paid or refunded for an unpaid order, and the whole amount for a paid one', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 1250 });
    const { shopper, order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    const unpaid = (await readOwnOrder(shopper, order._id)).order;
    expect(unpaid).toMatchObject({ paymentStatus: 'Pending', refunds: [], refundedAmount: 0, paidAmount: 0 });
    await markPaid(order);
    const paid = (await readOwnOrder(shopper, order._id)).order;
    expect(paid).toMatchObject({ paymentStatus: 'Paid', refunds: [], refundedAmount: 0, paidAmount: 12.5 });
  });

  it("answers another shopper's order 404, refunds or not", async () => {
    const [p] = await supply.take(1, { stock: 10 });
    const { order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    await markPaid(order);
    await refund(order, 100);
    const stranger = await t.createUser();
    const res = await t.request('GET', `/api/orders/${order._id}`, { as: stranger });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
