import { randomUUID } from 'node:crypto';

import { CartResponseSchema, type Cart } from '@dukkan/contracts/cart';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { SignInResponseSchema } from '@dukkan/contracts/users';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { cartItems, carts, categories, products } from '../../db/schema';
import type { JsonAnswer, RequestOptions, TestUser } from '../../test/test-app';
import { useTestApp } from '../../test/test-app';

import { deleteExpiredGuestCarts, startGuestCartCleanup } from './cleanup';

const t = useTestApp();

const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 99';

function cartOf(res: JsonAnswer): Cart {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return CartResponseSchema.parse(res.body).data;
}

function errorOf(res: JsonAnswer) {
  expect(res.headers['cache-control']).toBe('no-store');
  return ErrorResponseSchema.parse(res.body);
}

/** The `token2` a client keeps from a guest cart's answer (spec section 3). */
function token2Of(cart: Cart): string {
  if (!cart._id || !cart.userId || !cart.signature) throw new Error('not a guest cart answer');
  return JSON.stringify({ userId: cart.userId, cartId: cart._id, signature: cart.signature });
}

let productsTaken = 0;
/** Products of the demo catalog no other test of this file uses, with their stock set to 50. */
async function freshProducts(n: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.position), asc(products.id))
    .limit(n)
    .offset(productsTaken);
  productsTaken += n;
  const ids = rows.map((row) => row.id);
  await t.database.db.update(products).set({ quantity: 50 }).where(inArray(products.id, ids));
  return ids;
}

async function setProduct(id: string, fields: { priceCents?: number; listPriceCents?: number | null; quantity?: number }) {
  await t.database.db.update(products).set(fields).where(eq(products.id, id));
}

const add = (productId: string, options: RequestOptions = {}) => t.request('POST', `/api/cart/${productId}`, options);
const setQuantity = (productId: string, quantity: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
  t.request('PATCH', '/api/cart', { ...options, body: { productId, quantity } });
const remove = (productId: string, options: Omit<RequestOptions, 'body'> = {}) => t.request('PATCH', `/api/cart/${productId}`, options);
const read = (options: Omit<RequestOptions, 'body'> = {}) => t.request('GET', '/api/cart', options);

/** A new guest cart holding `quantity` of `productId`, made the way the spec's client makes it. */
async function newGuestCart(productId: string, quantity = 1) {
  const cart = cartOf(await add(productId, quantity === 1 ? {} : { body: { quantity } }));
  return { cart, token2: token2Of(cart) };
}

/** Everything stored about a cart: its row (with `updated_at`) and its lines. */
async function storedCart(cartId: string) {
  const [row] = await t.database.db.select().from(carts).where(eq(carts.id, cartId));
  const lines = await t.database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.productId));
  return { row, lines };
}

async function shopperCartId(userId: string): Promise<string | undefined> {
  const [row] = await t.database.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row?.id;
}

async function countCarts(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(carts);
  return row?.n ?? 0;
}

describe('GET /api/cart', () => {
  it('answers an empty cart to a visitor with neither header, and creates nothing', async () => {
    const before = await countCarts();
    const cart = cartOf(await read());
    expect(cart).toEqual({ items: [], count: 0, subtotal: 0, savings: 0, promotion: null, discount: 0, promoNotice: null });
    expect(await countCarts()).toBe(before);
  });

  it('answers an empty cart to a shopper who has none yet, and creates nothing', async () => {
    const shopper = await t.createUser();
    expect(cartOf(await read({ as: shopper }))).toEqual({ items: [], count: 0, subtotal: 0, savings: 0, promotion: null, discount: 0, promoNotice: null });
    expect(await shopperCartId(shopper.id)).toBeUndefined();
  });

  it('answers each line with its product in the request language, and totals from current prices in cents', async () => {
    const [a, b] = await freshProducts(2);
    await setProduct(a!, { priceCents: 1099, listPriceCents: 1500 });
    await setProduct(b!, { priceCents: 350, listPriceCents: null });
    const shopper = await t.createUser();
    cartOf(await add(a!, { as: shopper, body: { quantity: 2 } }));
    cartOf(await add(b!, { as: shopper, body: { quantity: 3 } }));

    const cart = cartOf(await read({ as: shopper }));
    expect(cart).toMatchObject({ _id: await shopperCartId(shopper.id), userId: shopper.id, count: 5, subtotal: 32.48, savings: 8.02 });
    expect(cart.signature).toBeUndefined();
    const [row] = await t.database.db
      .select({ titleEn: products.titleEn, titleAr: products.titleAr, descriptionEn: products.descriptionEn, thumbnail: products.thumbnail, slug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, a!));
    expect(cart.items.map((line) => line.product._id)).toEqual([a, b]);
    expect(cart.items[0]).toEqual({
      product: {
        _id: a,
        title: row!.titleEn,
        thumbnail: row!.thumbnail,
        description: row!.descriptionEn,
        price: 10.99,
        listPrice: 15,
        quantity: 50,
        category: row!.slug,
      },
      quantity: 2,
      priceWhenAdded: 10.99,
      discount: 0,
    });
    expect(cart.items[1]).toMatchObject({ product: { price: 3.5, listPrice: null }, quantity: 3, priceWhenAdded: 3.5 });

    const arabic = cartOf(await read({ as: shopper, headers: { lng: 'ar' } }));
    expect(arabic.items[0]!.product.title).toBe(row!.titleAr);
  });

  it('prices every line at the current price; priceWhenAdded follows the latest add only', async () => {
    const [p] = await freshProducts(1);
    await setProduct(p!, { priceCents: 2000, listPriceCents: null });
    const shopper = await t.createUser();
    cartOf(await add(p!, { as: shopper }));
    await setProduct(p!, { priceCents: 1800 });
    const changed = cartOf(await read({ as: shopper }));
    expect(changed.items[0]).toMatchObject({ product: { price: 18 }, priceWhenAdded: 20 });
    expect(changed.subtotal).toBe(18);
    // Setting the quantity is not an add: the price when added stays.
    expect(cartOf(await setQuantity(p!, 2, { as: shopper })).items[0]).toMatchObject({ quantity: 2, priceWhenAdded: 20 });
    expect(cartOf(await add(p!, { as: shopper })).items[0]).toMatchObject({ quantity: 3, priceWhenAdded: 18 });
  });

  it('never moves updated_at on a read', async () => {
    const [p] = await freshProducts(1);
    const { cart, token2 } = await newGuestCart(p!);
    const before = await storedCart(cart._id!);
    cartOf(await read({ headers: { token2 } }));
    expect(await storedCart(cart._id!)).toEqual(before);
  });
});

describe('guest carts (token2)', () => {
  it('creates a guest cart on a body-less add with neither header, answering its signed identity', async () => {
    const [p] = await freshProducts(1);
    const before = await countCarts();
    // The spec's client sends no body (and no content type) on its first add.
    const cart = cartOf(await add(p!));
    expect(cart._id).toBeDefined();
    expect(cart.userId).toBeDefined();
    expect(cart.signature).toMatch(/^[\w-]{43}$/);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ product: { _id: p }, quantity: 1 });
    expect(await countCarts()).toBe(before + 1);
    const { row } = await storedCart(cart._id!);
    expect(row).toMatchObject({ guestId: cart.userId, userId: null });
  });

  it('reuses the guest cart for every call that sends token2, body or not', async () => {
    const [a, b] = await freshProducts(2);
    const { cart, token2 } = await newGuestCart(a!);
    const headers = { token2 };
    const before = await countCarts();

    expect(cartOf(await add(a!, { headers, body: { quantity: 2 } }))).toMatchObject({ _id: cart._id, userId: cart.userId, count: 3 });
    // A JSON content type with an empty body counts as no body: quantity 1.
    const emptyJson = cartOf(await add(b!, { headers: { ...headers, 'content-type': 'application/json' }, body: '' }));
    expect(emptyJson.items.map((line) => [line.product._id, line.quantity])).toEqual([
      [a, 3],
      [b, 1],
    ]);
    expect(cartOf(await setQuantity(b!, 4, { headers })).items[1]!.quantity).toBe(4);
    const read1 = cartOf(await read({ headers }));
    expect(read1).toMatchObject({ _id: cart._id, userId: cart.userId, signature: cart.signature, count: 7 });
    const removed = cartOf(await remove(a!, { headers: { ...headers, 'content-type': 'application/json' } }));
    expect(removed.items.map((line) => line.product._id)).toEqual([b]);
    expect(await countCarts()).toBe(before);
  });

  it('refuses a made-up, altered or unparsable token2 with 401, reading and changing nothing', async () => {
    const [p, q] = await freshProducts(2);
    const mine = await newGuestCart(p!);
    const other = await newGuestCart(q!, 2);
    const otherBefore = await storedCart(other.cart._id!);
    const mineBefore = await storedCart(mine.cart._id!);
    const parsed = JSON.parse(mine.token2) as { userId: string; cartId: string; signature: string };
    const flipped = `${parsed.signature.slice(0, 10)}${parsed.signature[10] === 'A' ? 'B' : 'A'}${parsed.signature.slice(11)}`;

    const refused: [string, string][] = [
      ['unparsable', 'not json'],
      ['empty object', '{}'],
      ['made up', JSON.stringify({ userId: randomUUID(), cartId: randomUUID(), signature: parsed.signature })],
      ['no signature', JSON.stringify({ userId: parsed.userId, cartId: parsed.cartId })],
      ['altered signature', JSON.stringify({ ...parsed, signature: flipped })],
      ['signature with a character more', JSON.stringify({ ...parsed, signature: `${parsed.signature}A` })],
      // Another guest's real cart with my signature: the signature covers both ids.
      ["another guest's cart id", JSON.stringify({ ...parsed, cartId: other.cart._id })],
      ["another guest's ids", JSON.stringify({ ...parsed, userId: other.cart.userId, cartId: other.cart._id })],
      ['ids swapped', JSON.stringify({ ...parsed, userId: parsed.cartId, cartId: parsed.userId })],
    ];
    for (const [what, token2] of refused) {
      const headers = { token2 };
      for (const res of [
        await read({ headers }),
        await add(q!, { headers }),
        await setQuantity(q!, 1, { headers }),
        await remove(q!, { headers }),
      ]) {
        expect(res.status, what).toBe(401);
        expect(errorOf(res), what).toEqual({ message: expect.any(String) as string, code: 'INVALID_GUEST_CART' });
        expect(JSON.stringify(res.body)).not.toContain(other.cart._id);
      }
    }
    expect(await storedCart(other.cart._id!)).toEqual(otherBefore);
    expect(await storedCart(mine.cart._id!)).toEqual(mineBefore);
  });

  it('refuses the token2 of a cart that no longer exists with 401, and creates no cart', async () => {
    const [p] = await freshProducts(1);
    const { cart, token2 } = await newGuestCart(p!);
    await t.database.db.delete(carts).where(eq(carts.id, cart._id!));
    const before = await countCarts();
    for (const res of [await read({ headers: { token2 } }), await add(p!, { headers: { token2 } }), await remove(p!, { headers: { token2 } })]) {
      expect(res.status).toBe(401);
      expect(errorOf(res).code).toBe('INVALID_GUEST_CART');
    }
    expect(await countCarts()).toBe(before);
  });

  it('ignores token2 when a valid token is sent, and refuses an invalid token even with a valid token2', async () => {
    const [p] = await freshProducts(1);
    const guest = await newGuestCart(p!);
    const guestBefore = await storedCart(guest.cart._id!);
    const shopper = await t.createUser();
    const cart = cartOf(await add(p!, { as: shopper, headers: { token2: guest.token2 } }));
    expect(cart).toMatchObject({ _id: await shopperCartId(shopper.id), userId: shopper.id, count: 1 });
    expect(cart.signature).toBeUndefined();
    expect(cartOf(await read({ as: shopper, headers: { token2: 'garbage' } })).count).toBe(1);
    expect(await storedCart(guest.cart._id!)).toEqual(guestBefore);

    const res = await read({ as: 'not-a-token', headers: { token2: guest.token2 } });
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe('INVALID_TOKEN');
  });
});

describe('quantities', () => {
  it.each([
    ['0', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['a string', '2'],
    ['null', null],
    ['above 99', 100],
    ['a list', [1]],
  ])('refuses %s with 400 and the contract message, on add and on set, leaving the cart unchanged', async (_what, quantity) => {
    const [p] = await freshProducts(1);
    const shopper = await t.createUser();
    cartOf(await add(p!, { as: shopper, body: { quantity: 2 } }));
    const before = await storedCart((await shopperCartId(shopper.id))!);
    for (const res of [await add(p!, { as: shopper, body: { quantity } }), await setQuantity(p!, quantity, { as: shopper })]) {
      expect(res.status).toBe(400);
      expect(errorOf(res).message).toContain(QUANTITY_MESSAGE);
    }
    expect(await storedCart((await shopperCartId(shopper.id))!)).toEqual(before);
  });

  it('refuses more than the stock, counting the line on adds, with the stock in the message', async () => {
    const [p] = await freshProducts(1);
    await setProduct(p!, { quantity: 3 });
    const shopper = await t.createUser();
    const tooMany = await add(p!, { as: shopper, body: { quantity: 4 } });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany)).toEqual({ message: 'Only 3 left in stock', code: 'NOT_ENOUGH_STOCK' });
    // A refused first add creates no cart.
    expect(await shopperCartId(shopper.id)).toBeUndefined();

    expect(cartOf(await add(p!, { as: shopper, body: { quantity: 2 } })).count).toBe(2);
    const cartId = (await shopperCartId(shopper.id))!;
    const before = await storedCart(cartId);
    const lineTotal = await add(p!, { as: shopper, body: { quantity: 2 } });
    expect(errorOf(lineTotal)).toEqual({ message: 'Only 3 left in stock', code: 'NOT_ENOUGH_STOCK' });
    expect(errorOf(await setQuantity(p!, 4, { as: shopper }))).toEqual({ message: 'Only 3 left in stock', code: 'NOT_ENOUGH_STOCK' });
    expect(await storedCart(cartId)).toEqual(before);

    expect(cartOf(await add(p!, { as: shopper })).count).toBe(3);
    expect(cartOf(await setQuantity(p!, 1, { as: shopper })).count).toBe(1);
  });

  it('refuses a product out of stock', async () => {
    const [p] = await freshProducts(1);
    await setProduct(p!, { quantity: 0 });
    const before = await countCarts();
    const res = await add(p!);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ message: 'This product is out of stock', code: 'OUT_OF_STOCK' });
    // Not even a guest cart is left behind.
    expect(await countCarts()).toBe(before);
  });

  it('refuses a line above 99 whatever the stock', async () => {
    const [p] = await freshProducts(1);
    await setProduct(p!, { quantity: 500 });
    const shopper = await t.createUser();
    expect(cartOf(await add(p!, { as: shopper, body: { quantity: 60 } })).count).toBe(60);
    const res = await add(p!, { as: shopper, body: { quantity: 40 } });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ message: 'You can have at most 99 of one product in your cart', code: 'LINE_QUANTITY_LIMIT' });
    expect(cartOf(await add(p!, { as: shopper, body: { quantity: 39 } })).count).toBe(99);
  });

  it('answers 404 for an unknown product and for setting a line that is not in the cart', async () => {
    const [p, q] = await freshProducts(2);
    const shopper = await t.createUser();
    const unknown = await add(randomUUID(), { as: shopper });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('PRODUCT_NOT_FOUND');
    expect(await shopperCartId(shopper.id)).toBeUndefined();

    // No cart at all, then a cart without that line.
    expect(errorOf(await setQuantity(p!, 1, { as: shopper })).code).toBe('CART_LINE_NOT_FOUND');
    cartOf(await add(q!, { as: shopper }));
    const res = await setQuantity(p!, 1, { as: shopper });
    expect(res.status).toBe(404);
    expect(errorOf(res)).toEqual({ message: 'This product is not in your cart', code: 'CART_LINE_NOT_FOUND' });
    expect(errorOf(await setQuantity(p!, 1)).code).toBe('CART_LINE_NOT_FOUND');
    expect((await add('not-a-uuid', { as: shopper })).status).toBe(400);
  });

  it('keeps no new guest cart when a first add is refused', async () => {
    const [p] = await freshProducts(1);
    await setProduct(p!, { quantity: 2 });
    const before = await countCarts();
    expect(errorOf(await add(randomUUID())).code).toBe('PRODUCT_NOT_FOUND');
    expect(errorOf(await add(p!, { body: { quantity: 3 } }))).toEqual({ message: 'Only 2 left in stock', code: 'NOT_ENOUGH_STOCK' });
    expect(await countCarts()).toBe(before);
  });
});

describe('PATCH /api/cart/{productId}', () => {
  it('removes the line and moves updated_at; removing an absent line answers the cart unchanged', async () => {
    const [a, b] = await freshProducts(2);
    const shopper = await t.createUser();
    cartOf(await add(a!, { as: shopper }));
    cartOf(await add(b!, { as: shopper }));
    const cartId = (await shopperCartId(shopper.id))!;
    await t.database.db.update(carts).set({ updatedAt: sql`now() - interval '1 hour'` }).where(eq(carts.id, cartId));
    const before = await storedCart(cartId);

    const after = cartOf(await remove(a!, { as: shopper }));
    expect(after.items.map((line) => line.product._id)).toEqual([b]);
    expect((await storedCart(cartId)).row!.updatedAt.getTime()).toBeGreaterThan(before.row!.updatedAt.getTime());

    const unchanged = await storedCart(cartId);
    expect(cartOf(await remove(a!, { as: shopper }))).toEqual(after);
    expect(cartOf(await remove(randomUUID(), { as: shopper }))).toEqual(after);
    expect(await storedCart(cartId)).toEqual(unchanged);
  });

  it('answers an empty cart to a visitor or a shopper without a cart, creating nothing', async () => {
    const [p] = await freshProducts(1);
    const shopper = await t.createUser();
    const before = await countCarts();
    expect(cartOf(await remove(p!))).toEqual({ items: [], count: 0, subtotal: 0, savings: 0, promotion: null, discount: 0, promoNotice: null });
    expect(cartOf(await remove(p!, { as: shopper }))).toEqual({ items: [], count: 0, subtotal: 0, savings: 0, promotion: null, discount: 0, promoNotice: null });
    expect(await countCarts()).toBe(before);
  });
});

describe('concurrent changes', () => {
  it('ends at exactly 20 after 20 parallel adds of 1 to one line', async () => {
    const [p] = await freshProducts(1);
    const shopper = await t.createUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(p!, { as: shopper, body: { quantity: 1 } })));
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const cart = cartOf(await read({ as: shopper }));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(20);
    expect(await t.database.db.select().from(carts).where(eq(carts.userId, shopper.id))).toHaveLength(1);
  });

  it('ends at the stock with the rest refused when 20 parallel adds meet a stock of 5', async () => {
    const [p] = await freshProducts(1);
    await setProduct(p!, { quantity: 5 });
    const { token2 } = await newGuestCart(p!);
    await remove(p!, { headers: { token2 } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(p!, { headers: { token2 } })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(15);
    for (const res of answers.filter((answer) => answer.status === 400)) expect(errorOf(res).message).toBe('Only 5 left in stock');
    expect(cartOf(await read({ headers: { token2 } })).items[0]!.quantity).toBe(5);
  });
});

describe('merging the guest cart at sign-in', () => {
  const signIn = (shopper: TestUser, headers: Record<string, string>, password = shopper.password) =>
    t.request('POST', '/api/users/signin', { body: { email: shopper.email, password }, headers });

  it("adds the guest's lines to the shopper's, capped at the stock, reports the capped ones and deletes the guest cart", async () => {
    const [both, scarce, gone, fresh] = await freshProducts(4);
    await setProduct(both!, { quantity: 100, priceCents: 1000, listPriceCents: null });
    const shopper = await t.createUser();
    cartOf(await add(both!, { as: shopper, body: { quantity: 3 } }));

    const { cart, token2 } = await newGuestCart(both!, 2);
    const headers = { token2 };
    cartOf(await add(scarce!, { headers, body: { quantity: 4 } }));
    cartOf(await add(gone!, { headers }));
    cartOf(await add(fresh!, { headers, body: { quantity: 2 } }));
    await setProduct(scarce!, { quantity: 3 });
    await setProduct(gone!, { quantity: 0 });
    await setProduct(both!, { priceCents: 900 });

    const res = await signIn(shopper, { token2, lng: 'ar' });
    expect(res.status).toBe(200);
    const answer = SignInResponseSchema.parse(res.body);
    const titles = Object.fromEntries(
      (await t.database.db.select({ id: products.id, titleAr: products.titleAr }).from(products).where(inArray(products.id, [scarce!, gone!]))).map(
        (row) => [row.id, row.titleAr],
      ),
    );
    expect(answer.cart).toEqual({
      merged: 3,
      capped: [
        { productId: scarce, title: titles[scarce!], requested: 4, quantity: 3 },
        { productId: gone, title: titles[gone!], requested: 1, quantity: 0 },
      ],
    });

    const merged = cartOf(await read({ as: answer.token }));
    expect(merged.items.map((line) => [line.product._id, line.quantity, line.priceWhenAdded])).toEqual([
      [both, 5, 10],
      [scarce, 3, expect.any(Number)],
      [fresh, 2, expect.any(Number)],
    ]);
    // The guest cart is gone: its token2 is refused from now on, and a second sign-in ignores it.
    expect(await storedCart(cart._id!)).toEqual({ row: undefined, lines: [] });
    expect(errorOf(await read({ headers })).code).toBe('INVALID_GUEST_CART');
    const again = SignInResponseSchema.parse((await signIn(shopper, { token2 })).body);
    expect(again.cart).toBeUndefined();
  });

  it('caps a merged line at 99 and never lowers a line of the shopper', async () => {
    const [p, q] = await freshProducts(2);
    await setProduct(p!, { quantity: 500 });
    await setProduct(q!, { quantity: 50 });
    const shopper = await t.createUser();
    cartOf(await add(p!, { as: shopper, body: { quantity: 90 } }));
    cartOf(await add(q!, { as: shopper, body: { quantity: 40 } }));
    const { token2 } = await newGuestCart(p!, 20);
    cartOf(await add(q!, { headers: { token2 }, body: { quantity: 5 } }));
    await setProduct(q!, { quantity: 30 });

    const answer = SignInResponseSchema.parse((await signIn(shopper, { token2 })).body);
    expect(answer.cart).toMatchObject({
      merged: 1,
      capped: [
        { productId: p, requested: 110, quantity: 99 },
        { productId: q, requested: 45, quantity: 40 },
      ],
    });
    expect(cartOf(await read({ as: shopper })).items.map((line) => line.quantity)).toEqual([99, 40]);
  });

  it('ignores a bad token2 at sign-in, and changes nothing on a wrong password', async () => {
    const [p] = await freshProducts(1);
    const shopper = await t.createUser();
    const { cart, token2 } = await newGuestCart(p!);
    const before = await storedCart(cart._id!);

    for (const bad of ['garbage', JSON.stringify({ ...(JSON.parse(token2) as object), signature: 'x'.repeat(43) })]) {
      const res = await signIn(shopper, { token2: bad });
      expect(res.status).toBe(200);
      expect(SignInResponseSchema.parse(res.body).cart).toBeUndefined();
    }
    const wrong = await signIn(shopper, { token2 }, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(await storedCart(cart._id!)).toEqual(before);
    expect(await shopperCartId(shopper.id)).toBeUndefined();
  });

  it('deletes an empty guest cart without making the shopper a cart', async () => {
    const [p] = await freshProducts(1);
    const shopper = await t.createUser();
    const { cart, token2 } = await newGuestCart(p!);
    cartOf(await remove(p!, { headers: { token2 } }));
    const answer = SignInResponseSchema.parse((await signIn(shopper, { token2 })).body);
    expect(answer.cart).toEqual({ merged: 0, capped: [] });
    expect((await storedCart(cart._id!)).row).toBeUndefined();
    expect(await shopperCartId(shopper.id)).toBeUndefined();
  });
});

describe('clean-up of guest carts', () => {
  async function age(cartId: string, days: number) {
    await t.database.db
      .update(carts)
      .set({ updatedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(carts.id, cartId));
  }

  it('deletes guest carts untouched for 30 days with their lines, in batches; keeps recent ones and shoppers’ carts', async () => {
    const [p] = await freshProducts(1);
    const old = await Promise.all(Array.from({ length: 5 }, () => newGuestCart(p!)));
    const recent = await newGuestCart(p!);
    const shopper = await t.createUser();
    cartOf(await add(p!, { as: shopper }));
    const shopperCart = (await shopperCartId(shopper.id))!;
    for (const { cart } of old) await age(cart._id!, 31);
    await age(recent.cart._id!, 29);
    await age(shopperCart, 400);

    expect(await deleteExpiredGuestCarts(t.database.db, { batchSize: 2 })).toBeGreaterThanOrEqual(5);
    for (const { cart } of old) expect(await storedCart(cart._id!)).toEqual({ row: undefined, lines: [] });
    expect((await storedCart(recent.cart._id!)).lines).toHaveLength(1);
    expect((await storedCart(shopperCart)).lines).toHaveLength(1);
    expect(errorOf(await read({ headers: { token2: old[0]!.token2 } })).code).toBe('INVALID_GUEST_CART');
    expect(cartOf(await read({ headers: { token2: recent.token2 } })).count).toBe(1);
  });

  it('runs at once when started, and stops cleanly', async () => {
    const [p] = await freshProducts(1);
    const { cart } = await newGuestCart(p!);
    await age(cart._id!, 40);
    const stop = startGuestCartCleanup(t.database.db, t.app.log);
    await stop();
    expect((await storedCart(cart._id!)).row).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the cart and wishlist endpoints under their tags', async () => {
    const res = await t.get('/api/docs/json');
    const doc = res.body as { tags: { name: string }[]; paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(doc.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['cart', 'wishlist']));
    expect(doc.paths['/api/cart']?.get?.tags).toEqual(['cart']);
    expect(doc.paths['/api/cart/{productId}']?.post?.tags).toEqual(['cart']);
    expect(doc.paths['/api/wish/{productId}']?.patch?.tags).toEqual(['wishlist']);
  });
});
