import { randomUUID } from 'node:crypto';

import { CartResponseSchema, type Cart } from '@dukkan/contracts/cart';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { count, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { carts } from '../../db/schema';
import { productSupply } from '../../test/shop-fixtures';
import { useTestApp, type JsonAnswer } from '../../test/test-app';

// A small limit through the environment, as an operator sets it (GUEST_CART_LIMIT).
const t = useTestApp({ env: { GUEST_CART_LIMIT: '2' } });
const supply = productSupply(() => t.database.db);

const add = (productId: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.request('POST', `/api/cart/${productId}`, { remoteAddress, headers });

function cartOf(res: JsonAnswer): Cart {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CartResponseSchema.parse(res.body).data;
}

const token2Of = (cart: Cart) => JSON.stringify({ userId: cart.userId, cartId: cart._id, signature: cart.signature });

async function guestCarts(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(carts).where(isNotNull(carts.guestId));
  return row?.n ?? 0;
}

describe('the new-guest-cart limit per client address', () => {
  it('answers 429 with Retry-After after GUEST_CART_LIMIT new carts, creating none, while adds to an existing cart go on', async () => {
    const [a, b, c] = await supply.take(3, { stock: 50 });
    const client = '203.0.113.30';
    const first = cartOf(await add(a!, client));
    cartOf(await add(b!, client));
    const before = await guestCarts();

    const refused = await add(c!, client);
    expect(refused.status).toBe(429);
    const error = ErrorResponseSchema.parse(refused.body);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toMatch(/^Too many new carts have been started from your network\. Please sign in, or try again in (10|9) minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(await guestCarts()).toBe(before);

    // The guest's existing cart takes every add: only starting a cart is counted.
    const token2 = token2Of(first);
    for (const productId of [b!, c!, a!, c!]) cartOf(await add(productId, client, { token2 }));
    expect(cartOf(await t.request('GET', '/api/cart', { remoteAddress: client, headers: { token2 } })).count).toBe(5);
    // A signed-in shopper's cart is no guest cart either.
    const shopper = await t.createUser();
    cartOf(await t.request('POST', `/api/cart/${c!}`, { as: shopper, remoteAddress: client }));

    // Another address starts its own carts.
    cartOf(await add(c!, '198.51.100.30'));
  });

  it('gives back a start that creates no cart (an unknown product), and lets exactly the limit through at once', async () => {
    const [p] = await supply.take(1, { stock: 50 });
    const client = '203.0.113.31';
    for (let i = 0; i < 3; i += 1) expect((await add(randomUUID(), client)).status).toBe(404);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(p!, client)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(2);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(4);
  });
});
