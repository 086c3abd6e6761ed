import { randomBytes } from 'node:crypto';

import { PromotionResponseSchema, type CreatePromotionBody, type Promotion } from '@dukkan/contracts/admin-promotions';
import { CartResponseSchema, type Cart } from '@dukkan/contracts/cart';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { carts, categories, products } from '../../db/schema';
import { createTestStaff, type TestStaff } from '../../test/staff-fixtures';
import { useTestApp, type JsonAnswer, type RequestOptions, type TestUser } from '../../test/test-app';

/*
 * Promo codes in the cart (issue #35): entering one, what the cart answers with it, why one is
 * refused, dropping one that stopped applying, automatic promotions, and the code across sign-in.
 */

const t = useTestApp();

let catalog: TestStaff;
beforeAll(async () => {
  catalog = await createTestStaff(t.database.db, 'catalog', 'Cato Catalog');
});

const DAY = 86_400_000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();
const uniqueCode = (prefix = 'SALE') => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

async function createPromotion(overrides: Partial<CreatePromotionBody> = {}): Promise<Promotion> {
  const body: CreatePromotionBody = { name: { en: 'Spring sale', ar: 'تخفيضات الربيع' }, code: uniqueCode(), kind: 'percent', value: 10, active: true, ...overrides };
  const res = await t.request('POST', '/api/admin/promotions', { headers: catalog.headers, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return PromotionResponseSchema.parse(res.body).data;
}

const taken = new Set<string>();
/** `n` products of department `slug` no other test of this file uses, at the prices given (cents), 50 in stock. */
async function productsOf(slug: string, pricesCents: number[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(categories.slug, slug), eq(products.status, 'published'), taken.size > 0 ? notInArray(products.id, [...taken]) : undefined))
    .orderBy(asc(products.id))
    .limit(pricesCents.length);
  expect(rows).toHaveLength(pricesCents.length);
  for (const [k, row] of rows.entries()) {
    taken.add(row.id);
    await t.database.db.update(products).set({ priceCents: pricesCents[k], listPriceCents: null, quantity: 50 }).where(eq(products.id, row.id));
  }
  return rows.map((row) => row.id);
}

function cartOf(res: JsonAnswer): Cart {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return CartResponseSchema.parse(res.body).data;
}

function refused(res: JsonAnswer, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = ErrorResponseSchema.parse(res.body);
  expect(body.code).toBe(code);
  return body;
}

const add = (productId: string, quantity: number, options: RequestOptions = {}) => t.request('POST', `/api/cart/${productId}`, { ...options, body: { quantity } });
const read = (options: RequestOptions = {}) => t.request('GET', '/api/cart', options);
const applyCode = (code: unknown, options: RequestOptions = {}) => t.request('POST', '/api/cart/promo', { ...options, body: { code } });
const removeCode = (options: RequestOptions = {}) => t.request('DELETE', '/api/cart/promo', options);

async function shopperWith(lines: [string, number][]): Promise<TestUser> {
  const shopper = await t.createUser();
  for (const [id, quantity] of lines) cartOf(await add(id, quantity, { as: shopper }));
  return shopper;
}

const storedCode = async (shopper: TestUser) =>
  (await t.database.db.select({ promotionId: carts.promotionId }).from(carts).where(eq(carts.userId, shopper.id)))[0]?.promotionId ?? null;

describe('POST /api/cart/promo', () => {
  it('applies a percent code to its department only, half up to the cent, each line its share, in the request’s language', async () => {
    // Grocery: 3 × $3.33 + 1 × $0.99 = $10.98; 15 % = $1.647 → $1.65. Home is not eligible.
    const [g1, g2] = await productsOf('Grocery', [333, 99]);
    const [h1] = await productsOf('Home', [2_000]);
    const promotion = await createPromotion({ departments: ['Grocery'], value: 15 });
    const shopper = await shopperWith([
      [g1!, 3],
      [h1!, 1],
      [g2!, 1],
    ]);

    const cart = cartOf(await applyCode(`  ${promotion.code!.toLowerCase()} `, { as: shopper }));
    expect(cart.promotion).toEqual({ code: promotion.code, name: 'Spring sale', amount: 1.65 });
    expect(cart.discount).toBe(1.65);
    expect(cart.subtotal).toBe(30.98);
    expect(cart.savings).toBe(0);
    expect(cart.promoNotice).toBeNull();
    // $1.65 over $9.99 and $0.99: 150.04… and 14.87… cents; the cent left goes to the larger remainder.
    expect(cart.items.map((line) => [line.product._id, line.discount])).toEqual([
      [g1, 1.5],
      [h1, 0],
      [g2, 0.15],
    ]);
    expect(cart.items.reduce((sum, line) => sum + Math.round(line.discount * 100), 0)).toBe(165);

    // Every cart answer carries it, in the request's language.
    const arabic = cartOf(await read({ as: shopper, headers: { lng: 'ar' } }));
    expect(arabic.promotion).toEqual({ code: promotion.code, name: 'تخفيضات الربيع', amount: 1.65 });
    expect(cartOf(await add(g2!, 1, { as: shopper })).discount).toBe(1.8); // $11.97 × 15 % = $1.7955 → $1.80
  });

  it('spreads an amount over the eligible lines in proportion to their totals, never more than they come to', async () => {
    const [a, b, c] = await productsOf('electronics', [100, 200, 400]);
    const five = await createPromotion({ kind: 'amount', value: 5, products: [a!, b!, c!] });
    const shopper = await shopperWith([
      [a!, 1],
      [b!, 1],
      [c!, 1],
    ]);
    const cart = cartOf(await applyCode(five.code, { as: shopper }));
    // $5.00 of $7.00: 71.43, 142.86 and 285.71 cents → 71, 143, 286.
    expect(cart.discount).toBe(5);
    expect(cart.items.map((line) => line.discount)).toEqual([0.71, 1.43, 2.86]);

    const fifty = await createPromotion({ kind: 'amount', value: 50, products: [a!] });
    const capped = cartOf(await applyCode(fifty.code, { as: shopper }));
    expect(capped.promotion?.amount).toBe(1);
    expect(capped.items.map((line) => line.discount)).toEqual([1, 0, 0]);
  });

  it('refuses a code with the reason and its code, and leaves the cart as it was', async () => {
    const [p, other] = await productsOf('Baby', [1_000, 500]);
    const kept = await createPromotion({ products: [p!] });
    const shopper = await shopperWith([[p!, 1]]);
    cartOf(await applyCode(kept.code, { as: shopper }));
    const before = await storedCode(shopper);

    const unknown = refused(await applyCode('NO-SUCH-CODE', { as: shopper }), 404, 'PROMO_UNKNOWN');
    expect(unknown.message).toBe('No promotion has this code');
    const inactive = await createPromotion({ active: false });
    refused(await applyCode(inactive.code, { as: shopper }), 404, 'PROMO_UNKNOWN');
    const later = await createPromotion({ startsAt: at(DAY), endsAt: at(2 * DAY) });
    expect(refused(await applyCode(later.code, { as: shopper }), 409, 'PROMO_NOT_STARTED').message).toBe('This promotion has not started yet');
    const ended = await createPromotion({ startsAt: at(-2 * DAY), endsAt: at(-DAY) });
    expect(refused(await applyCode(ended.code, { as: shopper }), 409, 'PROMO_EXPIRED').message).toBe('This promotion has ended');
    const elsewhere = await createPromotion({ products: [other!] });
    expect(refused(await applyCode(elsewhere.code, { as: shopper }), 409, 'PROMO_NOT_APPLICABLE').message).toBe('No item in your cart is part of this promotion');
    const minimum = await createPromotion({ products: [p!], minSubtotal: 25.5 });
    const short = refused(await applyCode(minimum.code, { as: shopper }), 409, 'PROMO_MIN_SUBTOTAL');
    expect(short.message).toBe("Add $15.50 more of this promotion's items to use it");
    expect(short.missing).toBe(15.5);

    expect(refused(await applyCode('', { as: shopper }), 400, 'VALIDATION_ERROR').message).toMatch(/^code: /);
    expect(refused(await applyCode(42, { as: shopper }), 400, 'VALIDATION_ERROR').message).toMatch(/^code/);

    expect(await storedCode(shopper)).toBe(before);
    expect(cartOf(await read({ as: shopper })).promotion?.code).toBe(kept.code);
  });

  it('answers a guest’s cart and its signed identity, and refuses a code to a visitor with no cart', async () => {
    const [p] = await productsOf('Fashion', [1_000]);
    const promotion = await createPromotion({ products: [p!] });
    refused(await applyCode(promotion.code), 409, 'PROMO_NOT_APPLICABLE');
    refused(await applyCode('NO-SUCH-CODE'), 404, 'PROMO_UNKNOWN');

    const guest = cartOf(await add(p!, 2));
    const token2 = JSON.stringify({ userId: guest.userId, cartId: guest._id, signature: guest.signature });
    const cart = cartOf(await applyCode(promotion.code, { headers: { token2 } }));
    expect(cart).toMatchObject({ _id: guest._id, signature: guest.signature, discount: 2, promotion: { code: promotion.code, amount: 2 } });
    expect(cartOf(await removeCode({ headers: { token2 } }))).toMatchObject({ discount: 0, promotion: null });
  });
});

describe('DELETE /api/cart/promo', () => {
  it('takes the code out, and answers the cart also when it held none', async () => {
    const [p] = await productsOf('Auto&tires', [2_000]);
    const promotion = await createPromotion({ products: [p!] });
    const shopper = await shopperWith([[p!, 1]]);
    expect(cartOf(await applyCode(promotion.code, { as: shopper })).discount).toBe(2);

    const removed = cartOf(await removeCode({ as: shopper }));
    expect(removed).toMatchObject({ promotion: null, discount: 0, promoNotice: null, count: 1 });
    expect(removed.items[0]?.discount).toBe(0);
    expect(await storedCode(shopper)).toBeNull();
    expect(cartOf(await removeCode({ as: shopper })).count).toBe(1);
    expect(cartOf(await removeCode())).toMatchObject({ items: [], promotion: null });
  });
});

describe('a code that stops applying', () => {
  it('is dropped when a line goes below the minimum, and the answer says so once', async () => {
    const [p, q] = await productsOf('Beauty', [1_000, 1_000]);
    const promotion = await createPromotion({ products: [p!, q!], minSubtotal: 20 });
    const shopper = await shopperWith([
      [p!, 1],
      [q!, 1],
    ]);
    expect(cartOf(await applyCode(promotion.code, { as: shopper })).discount).toBe(2);

    const after = cartOf(await t.request('PATCH', `/api/cart/${q}`, { as: shopper }));
    expect(after.promotion).toBeNull();
    expect(after.discount).toBe(0);
    expect(after.promoNotice).toEqual({ code: promotion.code, reason: 'PROMO_MIN_SUBTOTAL', message: "Add $10.00 more of this promotion's items to use it", removed: true, missing: 10 });
    expect(await storedCode(shopper)).toBeNull();
    // Said once: the code is gone.
    expect(cartOf(await read({ as: shopper })).promoNotice).toBeNull();
    // Adding the line back does not bring the code back: the shopper enters it again.
    expect(cartOf(await add(q!, 1, { as: shopper })).promotion).toBeNull();
  });

  it('is dropped when the owner withdraws or ends the promotion', async () => {
    const [p] = await productsOf('Home-Improvement', [1_000]);
    const promotion = await createPromotion({ products: [p!] });
    const shopper = await shopperWith([[p!, 1]]);
    cartOf(await applyCode(promotion.code, { as: shopper }));

    expect((await t.request('DELETE', `/api/admin/promotions/${promotion._id}`, { headers: catalog.headers })).status).toBe(200);
    const cart = cartOf(await read({ as: shopper }));
    expect(cart.promotion).toBeNull();
    expect(cart.promoNotice).toMatchObject({ code: promotion.code, reason: 'PROMO_UNKNOWN', removed: true });

    const ending = await createPromotion({ products: [p!] });
    cartOf(await applyCode(ending.code, { as: shopper }));
    const res = await t.request('PATCH', `/api/admin/promotions/${ending._id}`, { headers: catalog.headers, body: { startsAt: at(-2 * DAY), endsAt: at(-DAY) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(cartOf(await read({ as: shopper })).promoNotice).toMatchObject({ code: ending.code, reason: 'PROMO_EXPIRED', removed: true });
  });
});

describe('automatic promotions', () => {
  it('applies the one that saves the most without a code; an entered code replaces it', async () => {
    const [p] = await productsOf('Patio&Garden', [4_000]);
    const small = await createPromotion({ code: undefined, name: { en: 'Garden days', ar: 'أيام الحديقة' }, products: [p!], value: 5 });
    const big = await createPromotion({ code: undefined, name: { en: 'Garden week', ar: 'أسبوع الحديقة' }, kind: 'amount', value: 3, products: [p!] });
    expect(small.code).toBeNull();
    const shopper = await shopperWith([[p!, 1]]);

    const cart = cartOf(await read({ as: shopper }));
    expect(cart.promotion).toEqual({ code: null, name: 'Garden week', amount: 3 });
    expect(cart.items[0]?.discount).toBe(3);

    const coded = await createPromotion({ products: [p!], value: 5 });
    expect(cartOf(await applyCode(coded.code, { as: shopper })).promotion).toEqual({ code: coded.code, name: 'Spring sale', amount: 2 });
    expect(cartOf(await removeCode({ as: shopper })).promotion?.name).toBe('Garden week');

    // Out of the way of the other tests' carts.
    for (const { _id } of [small, big]) await t.request('DELETE', `/api/admin/promotions/${_id}`, { headers: catalog.headers });
    expect(cartOf(await read({ as: shopper })).promotion).toBeNull();
  });
});

describe('GET /api/promotions/automatic', () => {
  it('names the automatic promotions running now, in the request’s language, with what they are limited to', async () => {
    const [p] = await productsOf('Baby', [500]);
    const department = await createPromotion({ code: undefined, name: { en: 'Baby week', ar: 'أسبوع الطفل' }, departments: ['baby'], value: 15 });
    const product = await createPromotion({ code: undefined, name: { en: 'One thing', ar: 'شيء واحد' }, kind: 'amount', value: 2.5, products: [p!], minSubtotal: 10 });
    const coded = await createPromotion({ departments: ['Baby'] });
    const later = await createPromotion({ code: undefined, departments: ['Baby'], startsAt: at(DAY) });
    const off = await createPromotion({ code: undefined, departments: ['Baby'], active: false });

    const res = await t.request('GET', '/api/promotions/automatic');
    expect(res.status).toBe(200);
    const { data } = res.body as { data: { name: string }[] };
    expect(data).toEqual(
      expect.arrayContaining([
        { name: 'Baby week', kind: 'percent', value: 15, departments: ['Baby'], products: [], minSubtotal: 0 },
        { name: 'One thing', kind: 'amount', value: 2.5, departments: [], products: [p], minSubtotal: 10 },
      ]),
    );
    expect(data.map((promotion) => promotion.name)).not.toContain('Spring sale');
    const arabic = await t.request('GET', '/api/promotions/automatic?lng=ar');
    expect((arabic.body as { data: { name: string }[] }).data.map((promotion) => promotion.name)).toEqual(expect.arrayContaining(['أسبوع الطفل', 'شيء واحد']));
    expect(coded.code).not.toBeNull();
    expect([later.status, off.status]).toEqual(['scheduled', 'inactive']);

    for (const { _id } of [department, product]) await t.request('DELETE', `/api/admin/promotions/${_id}`, { headers: catalog.headers });
  });
});

describe('signing in with a guest cart', () => {
  it('keeps the guest’s code in the shopper’s cart', async () => {
    const [p] = await productsOf('Home', [1_000]);
    const promotion = await createPromotion({ products: [p!], value: 20 });
    const guest = cartOf(await add(p!, 1));
    const token2 = JSON.stringify({ userId: guest.userId, cartId: guest._id, signature: guest.signature });
    cartOf(await applyCode(promotion.code, { headers: { token2 } }));

    const shopper = await t.createUser();
    const signIn = await t.request('POST', '/api/users/signin', { body: { email: shopper.email, password: shopper.password }, headers: { token2 } });
    expect(signIn.status).toBe(200);
    const cart = cartOf(await read({ as: shopper }));
    expect(cart.count).toBe(1);
    expect(cart.promotion).toEqual({ code: promotion.code, name: 'Spring sale', amount: 2 });
  });
});
