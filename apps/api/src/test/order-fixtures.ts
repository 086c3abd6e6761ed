import { randomUUID } from 'node:crypto';

import { dollarsToCents } from '@dukkan/contracts/money';
import { OrderResponseSchema, PlaceOrderResponseSchema, type Order } from '@dukkan/contracts/orders';
import { UserResponseSchema } from '@dukkan/contracts/users';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Database } from '../db/client';
import { orders, paymentSessions } from '../db/schema';

import { TEST_ADDRESS } from './shop-fixtures';
import type { TestApp, TestUser } from './test-app';

/** What these helpers need of a test file's app (`useTestApp()` or `createTestApp()`). */
type App = Pick<TestApp, 'createUser' | 'request'>;

/**
 * Orders made the way a shopper makes them, through the API: a new shopper (or `shopper`) with
 * one saved address fills the cart with `items`, enters `promoCode` if given, and places the order (the draft's amount and prices are
 * nonsense on purpose: the server ignores them).
 */
export function orderFixtures(t: App) {
  return {
    placedOrder: async (items: { _id: string; quantity: number }[], { promoCode, shopper: given }: { promoCode?: string; shopper?: TestUser } = {}): Promise<{ shopper: TestUser; order: Order }> => {
      const shopper = given ?? (await t.createUser());
      const book = await t.request('PUT', `/api/users/address/${shopper.id}`, { as: shopper, body: [TEST_ADDRESS] });
      const addressId = UserResponseSchema.parse(book.body).data.addressBook[0]?._id;
      for (const item of items) {
        expect((await t.request('POST', `/api/cart/${item._id}`, { as: shopper, body: { quantity: item.quantity } })).status).toBe(200);
      }
      if (promoCode !== undefined) {
        const applied = await t.request('POST', '/api/cart/promo', { as: shopper, body: { code: promoCode } });
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      }
      const res = await t.request('POST', '/api/orders', {
        as: shopper,
        body: { userId: shopper.id, amount: 0, status: 'Waiting for Supplier', items, shippingAddress: { _id: addressId } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { shopper, order: PlaceOrderResponseSchema.parse(res.body).data };
    },

    /** The order as its shopper reads it now. */
    orderNow: async (shopper: TestUser, order: Order): Promise<Order> =>
      OrderResponseSchema.parse((await t.request('GET', `/api/orders/${order._id}`, { as: shopper })).body).order[0],
  };
}

/**
 * Marks an order paid as the payment webhook does, straight in the database: a payment session
 * at `provider`, completed, the order Paid. Answers the session's id at the provider.
 */
export async function markOrderPaid(db: Database, order: Order, provider = 'sandbox'): Promise<string> {
  const providerSessionId = `cs_test_${randomUUID()}`;
  await db.insert(paymentSessions).values({
    orderId: order._id,
    provider,
    providerSessionId,
    url: `/pay/${providerSessionId}`,
    amountCents: dollarsToCents(order.amount),
    currency: 'usd',
    status: 'completed',
    expiresAt: sql`now() + interval '30 minutes'`,
  });
  await db.update(orders).set({ paymentStatus: 'Paid', paidAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, order._id));
  return providerSessionId;
}
