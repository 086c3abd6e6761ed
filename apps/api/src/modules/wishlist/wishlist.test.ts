import { randomUUID } from 'node:crypto';

import { CartResponseSchema } from '@dukkan/contracts/cart';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { WishListResponseSchema, type WishList } from '@dukkan/contracts/wish';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { products, wishlistItems } from '../../db/schema';
import type { JsonAnswer, RequestOptions, TestUser } from '../../test/test-app';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

function listOf(res: JsonAnswer): WishList {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return WishListResponseSchema.parse(res.body).data;
}

function errorOf(res: JsonAnswer) {
  expect(res.headers['cache-control']).toBe('no-store');
  return ErrorResponseSchema.parse(res.body);
}

let productsTaken = 0;
async function someProducts(n: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.position), asc(products.id))
    .limit(n)
    .offset(productsTaken);
  productsTaken += n;
  return rows.map((row) => row.id);
}

const read = (options: RequestOptions = {}) => t.request('GET', '/api/wish', options);
const add = (productId: string, options: RequestOptions = {}) => t.request('POST', `/api/wish/${productId}`, options);
const remove = (productId: string, options: RequestOptions = {}) => t.request('PATCH', `/api/wish/${productId}`, options);

async function storedList(shopper: TestUser) {
  return t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.id)).orderBy(asc(wishlistItems.productId));
}

describe('who may use the wish list', () => {
  it('refuses a guest with 401 on every call, token2 or not, storing nothing', async () => {
    const [p] = await someProducts(1);
    // A genuine guest cart's token2 does not make a guest signed in.
    const guest = CartResponseSchema.parse((await t.request('POST', `/api/cart/${p}`)).body).data;
    const token2 = JSON.stringify({ userId: guest.userId, cartId: guest._id, signature: guest.signature });
    const before = await t.database.db.select().from(wishlistItems);
    for (const headers of [{}, { token2 }] as Record<string, string>[]) {
      for (const res of [await read({ headers }), await add(p!, { headers, body: { id: p } }), await remove(p!, { headers })]) {
        expect(res.status).toBe(401);
        expect(errorOf(res)).toEqual({ message: 'Please sign in first.', code: 'SIGN_IN_REQUIRED' });
      }
    }
    const invalid = await read({ as: 'not-a-token' });
    expect(invalid.status).toBe(401);
    expect(errorOf(invalid).code).toBe('INVALID_TOKEN');
    expect(await t.database.db.select().from(wishlistItems)).toEqual(before);
  });

  it("shows each shopper only their own list", async () => {
    const [p] = await someProducts(1);
    const a = await t.createUser();
    const b = await t.createUser();
    listOf(await add(p!, { as: a }));
    expect(listOf(await read({ as: b }))).toEqual({ items: [] });
    expect(listOf(await remove(p!, { as: b }))).toEqual({ items: [] });
    expect(listOf(await read({ as: a })).items).toHaveLength(1);
  });
});

describe('GET, POST and PATCH /api/wish', () => {
  it('adds products (newest first), once each, and answers the whole list with products in the request language', async () => {
    const [a, b] = await someProducts(2);
    const shopper = await t.createUser();
    expect(listOf(await read({ as: shopper }))).toEqual({ items: [] });

    // The spec's client sends `{ id }`; a body-less add works too.
    const first = listOf(await add(a!, { as: shopper, body: { id: a } }));
    expect(first.items.map((item) => item.product._id)).toEqual([a]);
    const second = listOf(await add(b!, { as: shopper }));
    expect(second.items.map((item) => item.product._id)).toEqual([b, a]);

    // Twice keeps one, in its place, with its first addedAt.
    const again = listOf(await add(a!, { as: shopper, headers: { 'content-type': 'application/json' }, body: '' }));
    expect(again).toEqual(second);
    expect(await storedList(shopper)).toHaveLength(2);

    const [row] = await t.database.db.select().from(products).where(eq(products.id, b!));
    expect(second.items[0]).toEqual({
      product: {
        _id: b,
        title: row!.titleEn,
        thumbnail: row!.thumbnail,
        description: row!.descriptionEn,
        price: row!.priceCents / 100,
        quantity: row!.quantity,
      },
      addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
    });
    const arabic = listOf(await read({ as: shopper, headers: { lng: 'ar' } }));
    expect(arabic.items[0]!.product).toMatchObject({ title: row!.titleAr, description: row!.descriptionAr });
  });

  it('removes a product, and answers the list unchanged when it was not on it', async () => {
    const [a, b, c] = await someProducts(3);
    const shopper = await t.createUser();
    listOf(await add(a!, { as: shopper }));
    listOf(await add(b!, { as: shopper }));
    const removed = listOf(await remove(a!, { as: shopper, headers: { 'content-type': 'application/json' } }));
    expect(removed.items.map((item) => item.product._id)).toEqual([b]);
    expect(listOf(await remove(a!, { as: shopper }))).toEqual(removed);
    expect(listOf(await remove(c!, { as: shopper }))).toEqual(removed);
  });

  it('answers 404 for an unknown product and 400 for an id that is not one, changing nothing', async () => {
    const [a] = await someProducts(1);
    const shopper = await t.createUser();
    listOf(await add(a!, { as: shopper }));
    const before = await storedList(shopper);
    for (const res of [await add(randomUUID(), { as: shopper }), await remove(randomUUID(), { as: shopper })]) {
      expect(res.status).toBe(404);
      expect(errorOf(res)).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
    }
    expect((await add('not-an-id', { as: shopper })).status).toBe(400);
    expect(await storedList(shopper)).toEqual(before);
  });

  it('keeps one entry when the same product is added ten times at once', async () => {
    const [a] = await someProducts(1);
    const shopper = await t.createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(a!, { as: shopper })));
    for (const res of answers) expect(listOf(res).items).toHaveLength(1);
    expect(await storedList(shopper)).toHaveLength(1);
  });

  it('lists a product whose price or stock changed with its current values', async () => {
    const [a] = await someProducts(1);
    const shopper = await t.createUser();
    listOf(await add(a!, { as: shopper }));
    await t.database.db.update(products).set({ priceCents: 1234, quantity: 0 }).where(inArray(products.id, [a!]));
    expect(listOf(await read({ as: shopper })).items[0]!.product).toMatchObject({ price: 12.34, quantity: 0 });
  });
});
