import { randomUUID } from 'node:crypto';

import { PlaceOrderResponseSchema, type Order, type OrderStatus } from '@dukkan/contracts/orders';
import { UserResponseSchema } from '@dukkan/contracts/users';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';

import { orders, paymentSessions, refunds } from '../../db/schema';
import { resolveJwtSecret } from '../../lib/jwt-secret';
import { RefundRefusedError, type PaymentProvider, type RefundRequest, type RefundResult } from '../../payments/provider';
import { SandboxPaymentProvider } from '../../payments/sandbox';
import { markOrderPaid } from '../../test/order-fixtures';
import { productSupply, TEST_ADDRESS } from '../../test/shop-fixtures';
import { testConfig, useTestApp, type TestUser } from '../../test/test-app';

import { advanceOrder } from './advance';
import { cancelOrder } from './cancel';
import { FulfilmentError, OPERATOR_ACTOR } from './fulfilment';
import { listOrdersForOperator, showOrder } from './operator-views';
import { settlePendingRefunds } from './refund-settlement';

const t = useTestApp();

const supply = productSupply(() => t.database.db);
const stockOf = (id: string) => supply.stockOf(id);

/** A new shopper with one saved address. */
async function shopperWithAddress(): Promise<{ shopper: TestUser; addressId: string }> {
  const shopper = await t.createUser();
  const res = await t.request('PUT', `/api/users/address/${shopper.id}`, { as: shopper, body: [TEST_ADDRESS] });
  const addressId = UserResponseSchema.parse(res.body).data.addressBook[0]?._id;
  if (!addressId) throw new Error('no address saved');
  return { shopper, addressId };
}

/** An unpaid order placed through the API, for `quantity` of each of `products`. */
async function placeOrder(products: string[], quantity = 2): Promise<{ shopper: TestUser; order: Order }> {
  const { shopper, addressId } = await shopperWithAddress();
  const items = products.map((_id) => ({ _id, quantity }));
  const res = await t.request('POST', '/api/orders', {
    as: shopper,
    body: { userId: shopper.id, amount: 0, status: 'Waiting for Supplier', items, shippingAddress: { _id: addressId } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { shopper, order: PlaceOrderResponseSchema.parse(res.body).data };
}

const markPaid = (order: Order, provider?: string) => markOrderPaid(t.database.db, order, provider);

/** A paid order, moved on to `status` directly. */
async function paidOrderIn(status: OrderStatus, products: string[]): Promise<Order> {
  const { order } = await placeOrder(products);
  await markPaid(order);
  await t.database.db.update(orders).set({ status }).where(eq(orders.id, order._id));
  return order;
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** A provider that records the refunds asked of it and answers `answer` (or throws it). */
function fakeProvider(answer: RefundResult | Error = { kind: 'refunded', refundId: 're_test_1' }, onRefund?: (request: RefundRequest) => Promise<void>) {
  const refund = vi.fn(async (request: RefundRequest): Promise<RefundResult> => {
    await onRefund?.(request);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const provider: PaymentProvider = {
    name: 'sandbox',
    signatureHeader: 'dukkan-signature',
    createCheckoutSession: () => Promise.reject(new Error('not used by fulfilment')),
    parseEvent: () => {
      throw new Error('not used by fulfilment');
    },
    refund,
  };
  return { provider, refund };
}

/** The FulfilmentError a refused call throws. */
async function refusal(promise: Promise<unknown>): Promise<FulfilmentError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FulfilmentError);
  return error as FulfilmentError;
}

describe('advancing an order', () => {
  it('moves a paid order through every status, one step per call, each in its own update', async () => {
    const [p] = await supply.take(1, { stock: 10 });
    const { order } = await placeOrder([p!]);
    await markPaid(order);

    const steps: [OrderStatus, OrderStatus][] = [
      ['Waiting for Supplier', 'Processing'],
      ['Processing', 'Shipped'],
      ['Shipped', 'Delivered'],
    ];
    for (const [previous, status] of steps) {
      await t.database.db.update(orders).set({ updatedAt: sql`now() - interval '1 minute'` }).where(eq(orders.id, order._id));
      const before = (await orderRow(order._id)).updatedAt;
      expect(await advanceOrder(t.database.db, order._id)).toEqual({ previous, status });
      const row = await orderRow(order._id);
      expect(row.status).toBe(status);
      expect(row.paymentStatus).toBe('Paid');
      expect(row.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    }

    const delivered = await refusal(advanceOrder(t.database.db, order._id));
    expect(delivered.code).toBe('CANNOT_ADVANCE');
    expect(delivered.message).toBe(`Order ${order._id} is already delivered: it has no further step.`);
    expect((await orderRow(order._id)).status).toBe('Delivered');
    expect(await stockOf(p!)).toBe(8);
  });

  it('refuses an unpaid order and a cancelled one, and changes nothing', async () => {
    const [p, q] = await supply.take(2, { stock: 10 });
    const { order: unpaid } = await placeOrder([p!]);
    const error = await refusal(advanceOrder(t.database.db, unpaid._id));
    expect(error.code).toBe('NOT_PAID');
    expect(error.message).toBe(`Order ${unpaid._id} is not paid (payment Pending): an unpaid order cannot be fulfilled.`);
    expect((await orderRow(unpaid._id)).status).toBe('Waiting for Supplier');

    const cancelled = await paidOrderIn('Cancelled', [q!]);
    expect((await refusal(advanceOrder(t.database.db, cancelled._id))).message).toBe(
      `Order ${cancelled._id} is cancelled: a cancelled order cannot move on.`,
    );
    expect((await orderRow(cancelled._id)).status).toBe('Cancelled');
  });

  it('says so for an unknown order and for something that is not an order id', async () => {
    const id = randomUUID();
    expect(await refusal(advanceOrder(t.database.db, id))).toMatchObject({ code: 'ORDER_NOT_FOUND', message: `There is no order ${id}.` });
    expect(await refusal(advanceOrder(t.database.db, 'abc'))).toMatchObject({ code: 'INVALID_ORDER_ID', message: "'abc' is not an order id." });
    expect(await refusal(showOrder(t.database.db, id))).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(await refusal(cancelOrder(t.database.db, 'abc', fakeProvider().provider))).toMatchObject({ code: 'INVALID_ORDER_ID' });
  });
});

describe('cancelling an order', () => {
  it('cancels an unpaid order, returns its stock and closes its open payment session, without a refund', async () => {
    const [p, q] = await supply.take(2, { stock: 10 });
    const { order } = await placeOrder([p!, q!], 3);
    const [session] = await t.database.db
      .insert(paymentSessions)
      .values({ orderId: order._id, provider: 'sandbox', providerSessionId: randomUUID(), url: '/pay/x', amountCents: 1, currency: 'usd', expiresAt: sql`now() + interval '30 minutes'` })
      .returning();
    expect(await stockOf(p!)).toBe(7);
    const { provider, refund } = fakeProvider();

    const outcome = await cancelOrder(t.database.db, order._id, provider);
    expect(outcome).toEqual({
      wasPaid: false,
      returned: [
        { productId: p, title: expect.any(String) as string, quantity: 3 },
        { productId: q, title: expect.any(String) as string, quantity: 3 },
      ],
    });
    expect(await stockOf(p!)).toBe(10);
    expect(await stockOf(q!)).toBe(10);
    const row = await orderRow(order._id);
    expect([row.status, row.paymentStatus]).toEqual(['Cancelled', 'Cancelled']);
    const [closed] = await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, session!.id));
    expect(closed?.status).toBe('cancelled');
    expect(refund).not.toHaveBeenCalled();
  });

  it('cancels a paid order, returns its stock, asks for the refund only after the commit and records it', async () => {
    const [p, q] = await supply.take(2, { stock: 10, priceCents: 1250 });
    const { order } = await placeOrder([p!, q!]);
    const providerSessionId = await markPaid(order);
    await t.database.db.update(orders).set({ status: 'Processing' }).where(eq(orders.id, order._id));

    let statusWhenRefunded: string | undefined;
    const { provider, refund } = fakeProvider({ kind: 'refunded', refundId: 're_test_1' }, async () => {
      // A query outside the transaction sees the cancellation: it has committed.
      statusWhenRefunded = (await orderRow(order._id)).status;
    });
    const outcome = await cancelOrder(t.database.db, order._id, provider);

    expect(outcome).toMatchObject({ wasPaid: true, amountCents: 5000, currency: 'usd', refund: { kind: 'refunded', refundId: 're_test_1' } });
    expect(outcome.returned.map((line) => [line.productId, line.quantity])).toEqual([
      [p, 2],
      [q, 2],
    ]);
    expect(refund).toHaveBeenCalledTimes(1);
    const [recorded] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(refund).toHaveBeenCalledWith({ orderId: order._id, providerSessionId, amountCents: 5000, refundId: recorded?.id });
    expect(recorded).toMatchObject({ status: 'succeeded', providerRefundId: 're_test_1', amountCents: 5000, staffEmail: 'npm run orders' });
    expect(statusWhenRefunded).toBe('Cancelled');
    expect(await stockOf(p!)).toBe(10);
    expect(await stockOf(q!)).toBe(10);
    const row = await orderRow(order._id);
    expect([row.status, row.paymentStatus, row.refundedCents]).toEqual(['Cancelled', 'Refunded', 5000]);

    const again = await refusal(cancelOrder(t.database.db, order._id, provider));
    expect(again.message).toBe(`Order ${order._id} is already cancelled.`);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await stockOf(p!)).toBe(10);
  });

  it('records the sandbox\'s refund id, and keeps the order cancelled and Paid when a refund is refused or unanswered', async () => {
    const [p, q, r, s] = await supply.take(4, { stock: 10 });
    const sandboxOrder = await paidOrderIn('Waiting for Supplier', [p!]);
    const sandbox = new SandboxPaymentProvider(await resolveJwtSecret(testConfig()));
    expect(await cancelOrder(t.database.db, sandboxOrder._id, sandbox)).toMatchObject({ wasPaid: true, refund: { kind: 'refunded', refundId: expect.stringMatching(/^sandbox_re_/) as string } });
    expect((await orderRow(sandboxOrder._id)).paymentStatus).toBe('Refunded');

    const failing = await paidOrderIn('Processing', [q!]);
    const outcome = await cancelOrder(t.database.db, failing._id, fakeProvider(new RefundRefusedError('card network down')).provider);
    expect(outcome).toMatchObject({ wasPaid: true, refund: { kind: 'failed', message: 'card network down' } });
    expect([(await orderRow(failing._id)).status, (await orderRow(failing._id)).paymentStatus]).toEqual(['Cancelled', 'Paid']);
    expect(await stockOf(q!)).toBe(10);
    const [failed] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, failing._id));
    expect(failed).toMatchObject({ status: 'failed', failureMessage: 'card network down' });

    // No answer (a lost connection): the refund stays pending, reserved, and is asked again later with the same id.
    const unanswered = await paidOrderIn('Processing', [s!]);
    const silent = fakeProvider(new Error('socket hang up'));
    expect(await cancelOrder(t.database.db, unanswered._id, silent.provider)).toMatchObject({ refund: { kind: 'pending', message: 'socket hang up' } });
    const [pending] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, unanswered._id));
    expect(pending?.status).toBe('pending');
    await t.database.db.update(refunds).set({ createdAt: sql`now() - interval '5 minutes'` }).where(eq(refunds.id, pending!.id));
    const answering = fakeProvider({ kind: 'refunded', refundId: 're_later' });
    expect(await settlePendingRefunds(t.database.db, answering.provider, { actor: OPERATOR_ACTOR, publicUrl: 'http://shop.test' })).toBeGreaterThanOrEqual(1);
    expect(answering.refund).toHaveBeenCalledWith(expect.objectContaining({ refundId: pending!.id }));
    expect((await orderRow(unanswered._id)).paymentStatus).toBe('Refunded');

    // Paid through a provider the shop no longer uses: nothing is asked of the configured one.
    const { order: elsewhere } = await placeOrder([r!]);
    await markPaid(elsewhere, 'stripe');
    const { provider, refund } = fakeProvider();
    expect(await cancelOrder(t.database.db, elsewhere._id, provider)).toMatchObject({ refund: { kind: 'other-provider', provider: 'stripe' } });
    expect(refund).not.toHaveBeenCalled();
  });

  it('refuses a shipped or delivered order, and changes nothing', async () => {
    const [p, q] = await supply.take(2, { stock: 10 });
    const { provider, refund } = fakeProvider();
    for (const [status, product] of [
      ['Shipped', p!],
      ['Delivered', q!],
    ] as const) {
      const order = await paidOrderIn(status, [product]);
      const error = await refusal(cancelOrder(t.database.db, order._id, provider));
      expect(error).toMatchObject({ code: 'CANNOT_CANCEL', message: `Order ${order._id} is already ${status.toLowerCase()}: it can no longer be cancelled.` });
      expect((await orderRow(order._id)).status).toBe(status);
      expect(await stockOf(product)).toBe(8);
    }
    expect(refund).not.toHaveBeenCalled();
  });

  it('returns the stock once when the same order is cancelled twice at the same moment', async () => {
    const [p] = await supply.take(1, { stock: 10 });
    const order = await paidOrderIn('Processing', [p!]);
    const { provider, refund } = fakeProvider();
    const results = await Promise.allSettled([cancelOrder(t.database.db, order._id, provider), cancelOrder(t.database.db, order._id, provider)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(FulfilmentError);
    expect(await stockOf(p!)).toBe(10);
    expect(refund).toHaveBeenCalledTimes(1);
  });
});

describe("the operator's list and details", () => {
  it('lists the newest orders first, filtered by status, with the shopper, amount and item count', async () => {
    const [p, q, r] = await supply.take(3, { stock: 10, priceCents: 399 });
    const { shopper, order: waiting } = await placeOrder([p!, q!], 3);
    const processing = await paidOrderIn('Processing', [r!]);

    const all = await listOrdersForOperator(t.database.db, { limit: 100 });
    const times = all.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.find((row) => row.id === waiting._id)).toEqual({
      id: waiting._id,
      createdAt: new Date(waiting.createdAt),
      shopperEmail: shopper.email,
      amountCents: 2394,
      currency: 'usd',
      status: 'Waiting for Supplier',
      paymentStatus: 'Pending',
      itemCount: 6,
    });

    const onlyProcessing = await listOrdersForOperator(t.database.db, { status: 'Processing', limit: 100 });
    expect(onlyProcessing.map((row) => row.id)).toContain(processing._id);
    expect(onlyProcessing.map((row) => row.id)).not.toContain(waiting._id);
    expect(onlyProcessing.every((row) => row.status === 'Processing')).toBe(true);

    expect(await listOrdersForOperator(t.database.db, { limit: 1 })).toHaveLength(1);
  });

  it('shows an order with its lines, shipping address and payment sessions', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 1999 });
    const { shopper, order } = await placeOrder([p!], 2);
    const providerSessionId = await markPaid(order);

    const details = await showOrder(t.database.db, order._id);
    expect(details.order).toMatchObject({
      id: order._id,
      userId: shopper.id,
      shopperEmail: shopper.email,
      shopperName: shopper.user.name,
      amountCents: 3998,
      status: 'Waiting for Supplier',
      paymentStatus: 'Paid',
      itemCount: 2,
    });
    expect(details.order.paidAt).toBeInstanceOf(Date);
    expect(details.lines).toEqual([{ productId: p, title: expect.any(String) as string, quantity: 2, priceCents: 1999 }]);
    expect(details.address).toMatchObject({ ...TEST_ADDRESS, _id: order.shippingAddress._id });
    expect(details.sessions).toEqual([expect.objectContaining({ provider: 'sandbox', providerSessionId, status: 'completed', amountCents: 3998 })]);
  });
});
