import { randomBytes, randomUUID } from 'node:crypto';

import {
  AdminProductListResponseSchema,
  AdminProductResponseSchema,
  StockLedgerResponseSchema,
  type AdminProduct,
  type CreateProductBody,
  type StockLedgerEntry,
} from '@dukkan/contracts/admin-products';
import { CartResponseSchema } from '@dukkan/contracts/cart';
import { ProductPageResponseSchema, ProductResponseSchema } from '@dukkan/contracts/catalog';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { ProductSearchResponseSchema } from '@dukkan/contracts/search';
import { UserResponseSchema } from '@dukkan/contracts/users';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { orders, products, stockLedger } from '../../../db/schema';
import { SandboxPaymentProvider } from '../../../payments/sandbox';
import { orderFixtures } from '../../../test/order-fixtures';
import { TEST_ADDRESS } from '../../../test/shop-fixtures';
import { createRoleStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp, type JsonAnswer } from '../../../test/test-app';
import { cancelOrder } from '../../orders/cancel';
import { expireUnpaidOrders } from '../../orders/expiry';

const t = useTestApp();
const { placedOrder } = orderFixtures(t);

let owner: TestStaff;
let catalog: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  ({ owner, catalog, support } = await createRoleStaff(t.database.db));
});

/** A word no demo product has, in Latin letters (search words are letters and digits). */
const uniqueWord = () =>
  `zq${Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
/** An Arabic word no demo product has. */
const uniqueArabicWord = () => `مخمل${Array.from(randomBytes(4), (b) => 'بتثجحخدذرزسشصضطظعغفقكلمنهوي'[b % 27]).join('')}`;

function newProduct(overrides: Partial<CreateProductBody> = {}): CreateProductBody {
  const en = uniqueWord();
  const ar = uniqueArabicWord();
  return {
    title: { en: `Lamp ${en}`, ar: `مصباح ${ar}` },
    description: { en: 'A warm reading lamp.', ar: 'مصباح قراءة دافئ.' },
    brand: { en: 'Lumo', ar: 'لومو' },
    category: 'electronics',
    price: 19.99,
    listPrice: 24.5,
    quantity: 7,
    status: 'published',
    ...overrides,
  };
}

const as = (who: TestStaff, body?: unknown) => ({ headers: who.headers, ...(body === undefined ? {} : { body }) });

async function create(body: CreateProductBody, who: TestStaff = catalog): Promise<AdminProduct> {
  const res = await t.request('POST', '/api/admin/products', as(who, body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return AdminProductResponseSchema.parse(res.body).data;
}

async function patch(id: string, body: unknown, who: TestStaff = catalog): Promise<JsonAnswer> {
  return t.request('PATCH', `/api/admin/products/${id}`, as(who, body));
}

async function ledgerOf(id: string): Promise<StockLedgerEntry[]> {
  const res = await t.request('GET', `/api/admin/products/${id}/stock-ledger`, as(owner));
  expect(res.status).toBe(200);
  return StockLedgerResponseSchema.parse(res.body).data;
}

/** Each change starts where the one before it ended. */
function expectChained(ledger: StockLedgerEntry[]) {
  for (let i = 1; i < ledger.length; i++) expect(ledger[i]!.quantityBefore, `row ${i}`).toBe(ledger[i - 1]!.quantityAfter);
}

const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]!.n;
const errorMessage = (res: JsonAnswer) => ErrorResponseSchema.parse(res.body).message;

describe('who may use the product routes', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create(newProduct({ quantity: 50 })))._id;
  });

  const routes = (): { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown; ok: number }[] => [
    { method: 'GET', url: '/api/admin/products', ok: 200 },
    { method: 'POST', url: '/api/admin/products', body: newProduct({ status: 'draft' }), ok: 201 },
    { method: 'GET', url: `/api/admin/products/${id}`, ok: 200 },
    { method: 'PATCH', url: `/api/admin/products/${id}`, body: { price: 21 }, ok: 200 },
    { method: 'POST', url: `/api/admin/products/${id}/stock`, body: { delta: 1, reason: 'found one' }, ok: 200 },
    { method: 'GET', url: `/api/admin/products/${id}/stock-ledger`, ok: 200 },
    { method: 'DELETE', url: `/api/admin/products/${id}`, ok: 204 },
  ];

  it('lets owner and catalog staff in, refuses support (403), no session (401) and a shopper’s token (401)', async () => {
    const shopper = await t.createUser();
    for (const route of routes()) {
      for (const who of [owner, catalog]) {
        const res = await t.request(route.method, route.url, as(who, route.body));
        expect(res.status, `${who.role} ${route.method} ${route.url} ${JSON.stringify(res.body)}`).toBe(route.ok);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const bySupport = await t.request(route.method, route.url, as(support, route.body));
      expect(bySupport.status, `support ${route.method} ${route.url}`).toBe(403);
      const byNobody = await t.request(route.method, route.url, route.body === undefined ? {} : { body: route.body });
      expect(byNobody.status, `nobody ${route.method} ${route.url}`).toBe(401);
      const byShopper = await t.request(route.method, route.url, { as: shopper, ...(route.body === undefined ? {} : { body: route.body }) });
      expect(byShopper.status, `shopper ${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a write without the XSRF header (403) and changes nothing', async () => {
    const before = await productCount();
    const { [Object.keys(catalog.headers).find((h) => h.toLowerCase() === 'x-xsrf-token')!]: _dropped, ...withoutHeader } = catalog.headers;
    const res = await t.request('POST', '/api/admin/products', { headers: withoutHeader, body: newProduct() });
    expect(res.status).toBe(403);
    expect(await productCount()).toBe(before);
  });
});

describe('POST /api/admin/products', () => {
  it('adds a product as sent, with no photos, at the end of its department, markup stored as typed', async () => {
    const body = newProduct({ title: { en: `<b>Bold</b> ${uniqueWord()}`, ar: `<i>مائل</i> ${uniqueArabicWord()}` }, category: 'Grocery' });
    const product = await create(body);
    expect(product).toMatchObject({
      title: body.title,
      description: body.description,
      brand: body.brand,
      category: 'Grocery',
      price: 19.99,
      listPrice: 24.5,
      quantity: 7,
      status: 'published',
      images: [],
    });
    expect(product.subcategory).not.toBe('');
    expect(Date.parse(product.createdAt)).not.toBeNaN();

    // The shopper's answer: the same texts, rating 0 without reviews, a picture that exists.
    const shopper = ProductResponseSchema.parse((await t.get(`/api/product/${product._id}`)).body).data;
    expect(shopper.title).toBe(body.title.en);
    expect(shopper).toMatchObject({ rating: 0, reviewCount: 0, images: [], price: 19.99, quantity: 7 });
    expect((await t.app.inject({ method: 'GET', url: shopper.thumbnail })).statusCode).toBe(200);
    const arabic = ProductResponseSchema.parse((await t.get(`/api/product/${product._id}?lng=ar`)).body).data;
    expect(arabic.title).toBe(body.title.ar);

    // Last of its department's list.
    const first = ProductPageResponseSchema.parse((await t.get('/api/product/category/Grocery?pageSize=100')).body);
    const lastPage = Math.ceil(first.total / 100);
    const last = ProductPageResponseSchema.parse((await t.get(`/api/product/category/Grocery?pageSize=100&page=${lastPage}`)).body);
    expect(last.data.at(-1)?._id).toBe(product._id);

    // Its first stock is in the ledger, by whom.
    expect(await ledgerOf(product._id)).toEqual([
      expect.objectContaining({ kind: 'edit', quantityBefore: 0, quantityAfter: 7, staff: { _id: catalog.id, name: 'Cato Catalog' }, orderId: null }),
    ]);
  });

  it('takes a named subcategory of the department, and its first by default', async () => {
    const product = await create(newProduct({ category: 'electronics' }));
    const other = await create(newProduct({ category: 'electronics', subcategory: product.subcategory }));
    expect(other.subcategory).toBe(product.subcategory);
  });

  it.each([
    ['title.ar', (b: CreateProductBody) => ({ ...b, title: { en: b.title.en } })],
    ['title.en', (b: CreateProductBody) => ({ ...b, title: { en: '   ', ar: b.title.ar } })],
    ['description.ar', (b: CreateProductBody) => ({ ...b, description: { en: 'x', ar: 'y'.repeat(5001) } })],
    ['brand', (b: CreateProductBody) => ({ ...b, brand: 'Lumo' })],
    ['listPrice', (b: CreateProductBody) => ({ ...b, price: 30, listPrice: 30 })],
    ['price', (b: CreateProductBody) => ({ ...b, price: 19.999 })],
    ['price', (b: CreateProductBody) => ({ ...b, price: -1 })],
    ['quantity', (b: CreateProductBody) => ({ ...b, quantity: 1.5 })],
    ['quantity', (b: CreateProductBody) => ({ ...b, quantity: -1 })],
    ['status', (b: CreateProductBody) => ({ ...b, status: 'archived' })],
    ['category', (b: CreateProductBody) => ({ ...b, category: 'NoSuchDepartment' })],
    ['subcategory', (b: CreateProductBody) => ({ ...b, subcategory: 'no-such-subcategory' })],
  ])('refuses a bad %s with a 400 naming it, creating nothing', async (field, spoil) => {
    const before = await productCount();
    const res = await t.request('POST', '/api/admin/products', as(catalog, spoil(newProduct())));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorMessage(res)).toContain(field);
    // Named by its JSON path in `field` too, for a form to put the message beside it.
    expect(ErrorResponseSchema.parse(res.body).field).toBe(field);
    expect(await productCount()).toBe(before);
  });
});

describe('GET, PATCH and DELETE /api/admin/products/{id}', () => {
  it('answers 404 for an unknown id on every route', async () => {
    const id = randomUUID();
    expect((await t.request('GET', `/api/admin/products/${id}`, as(owner))).status).toBe(404);
    expect((await patch(id, { price: 5 })).status).toBe(404);
    expect((await t.request('DELETE', `/api/admin/products/${id}`, as(owner))).status).toBe(404);
    expect((await t.request('POST', `/api/admin/products/${id}/stock`, as(owner, { delta: 1, reason: 'x' }))).status).toBe(404);
    expect((await t.request('GET', `/api/admin/products/${id}/stock-ledger`, as(owner))).status).toBe(404);
  });

  it('changes any subset and checks listPrice against the stored price', async () => {
    const product = await create(newProduct({ price: 10, listPrice: 20 }));
    const titled = await patch(product._id, { title: { en: 'Renamed lamp', ar: 'مصباح جديد' } });
    expect(AdminProductResponseSchema.parse(titled.body).data).toMatchObject({ title: { en: 'Renamed lamp', ar: 'مصباح جديد' }, price: 10, listPrice: 20 });

    const over = await patch(product._id, { price: 25 });
    expect(over.status).toBe(400);
    expect(errorMessage(over)).toContain('listPrice');
    expect(ErrorResponseSchema.parse(over.body).field).toBe('listPrice');
    const under = await patch(product._id, { listPrice: 5 });
    expect(under.status).toBe(400);
    expect(errorMessage(under)).toContain('listPrice');
    expect((await t.request('GET', `/api/admin/products/${product._id}`, as(owner))).body).toMatchObject({ data: { price: 10, listPrice: 20 } });

    const both = await patch(product._id, { price: 25, listPrice: null });
    expect(AdminProductResponseSchema.parse(both.body).data).toMatchObject({ price: 25, listPrice: null });
  });

  it('archives on DELETE: gone from the shop, still the admin’s, back with a PATCH', async () => {
    const product = await create(newProduct());
    const del = await t.request('DELETE', `/api/admin/products/${product._id}`, as(catalog));
    expect(del.status).toBe(204);
    expect(AdminProductResponseSchema.parse((await t.request('GET', `/api/admin/products/${product._id}`, as(owner))).body).data.status).toBe('archived');
    expect((await t.get(`/api/product/${product._id}`)).status).toBe(404);
    const listed = AdminProductListResponseSchema.parse((await t.request('GET', `/api/admin/products?status=archived&q=${product._id}`, as(owner))).body);
    expect(listed.data.map((p) => p._id)).toEqual([product._id]);

    expect((await patch(product._id, { status: 'published' })).status).toBe(200);
    expect((await t.get(`/api/product/${product._id}`)).status).toBe(200);
  });
});

describe('GET /api/admin/products', () => {
  it('finds by a title substring in either language, case-insensitively, or by id, with filters and paging', async () => {
    const word = uniqueWord();
    const arWord = uniqueArabicWord();
    const a = await create(newProduct({ title: { en: `Desk ${word.toUpperCase()} lamp`, ar: `مصباح ${arWord}` }, quantity: 3 }));
    const b = await create(newProduct({ title: { en: `Floor ${word} light`, ar: 'ضوء أرضي' }, quantity: 0, status: 'draft' }));

    const list = async (query: string) => {
      const res = await t.request('GET', `/api/admin/products?${query}`, as(catalog));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return AdminProductListResponseSchema.parse(res.body);
    };
    const ids = (r: { data: AdminProduct[] }) => r.data.map((p) => p._id).sort();

    expect(ids(await list(`q=${word.slice(2, 7)}`))).toEqual([a._id, b._id].sort());
    expect(ids(await list(`q=${encodeURIComponent(arWord)}`))).toEqual([a._id]);
    expect(ids(await list(`q=${b._id}`))).toEqual([b._id]);
    expect(ids(await list(`q=${word}&status=draft`))).toEqual([b._id]);
    expect(ids(await list(`q=${word}&stock=out`))).toEqual([b._id]);
    expect(ids(await list(`q=${word}&stock=low`))).toEqual([a._id]);
    expect(ids(await list(`q=${word}&category=Grocery`))).toEqual([]);
    expect(ids(await list(`q=${word}&category=electronics`))).toEqual([a._id, b._id].sort());
    // A % or _ is taken literally.
    expect((await list('q=%25%25%25')).total).toBe(0);

    const paged = await list('pageSize=10&page=2&sort=price');
    expect(paged.data).toHaveLength(10);
    expect(paged.total).toBe(await productCount());
    const prices = paged.data.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
  });

  it('refuses an unknown filter value with a 400', async () => {
    expect((await t.request('GET', '/api/admin/products?stock=some', as(owner))).status).toBe(400);
    expect((await t.request('GET', '/api/admin/products?sort=color', as(owner))).status).toBe(400);
  });
});

describe('drafts are invisible to shoppers; publishing shows them', () => {
  it('keeps a draft out of its answer, lists, search, the sitemap, carts and wish lists until it is published', async () => {
    const enWord = uniqueWord();
    const arWord = uniqueArabicWord();
    const draft = await create(newProduct({ title: { en: `Kettle ${enWord}`, ar: `غلاية ${arWord}` }, category: 'electronics', status: 'draft' }));
    const shopper = await t.createUser();
    const allProducts = async () => {
      const first = ProductPageResponseSchema.parse((await t.get('/api/product?pageSize=100')).body);
      const pages = await Promise.all(
        Array.from({ length: Math.ceil(first.total / 100) - 1 }, (_, i) => t.get(`/api/product?pageSize=100&page=${i + 2}`)),
      );
      return [first, ...pages.map((p) => ProductPageResponseSchema.parse(p.body))].flatMap((p) => p.data.map((x) => x._id));
    };
    const department = async () => {
      const first = ProductPageResponseSchema.parse((await t.get('/api/product/category/electronics?pageSize=100')).body);
      const last = Math.ceil(first.total / 100);
      return ProductPageResponseSchema.parse((await t.get(`/api/product/category/electronics?pageSize=100&page=${last}`)).body).data.map((p) => p._id);
    };
    const subcategory = async () =>
      ProductPageResponseSchema.parse((await t.get(`/api/product/category/electronics?pageSize=100&subcategory=${draft.subcategory}`)).body).data.map((p) => p._id);
    const found = async (q: string, lng: string) =>
      ProductSearchResponseSchema.parse((await t.get(`/api/product/search?q=${encodeURIComponent(q)}&lng=${lng}`)).body).data.map((p) => p._id);
    const suggested = async (q: string) => JSON.stringify((await t.get(`/api/product/suggest?q=${encodeURIComponent(q)}`)).body);
    const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;

    expect((await t.get(`/api/product/${draft._id}`)).status).toBe(404);
    expect(await allProducts()).not.toContain(draft._id);
    expect(await department()).not.toContain(draft._id);
    expect(await subcategory()).not.toContain(draft._id);
    expect(await found(enWord, 'en')).toEqual([]);
    expect(await found(arWord, 'ar')).not.toContain(draft._id);
    expect(await suggested(enWord)).not.toContain(draft._id);
    expect(await sitemap()).not.toContain(draft._id);
    const cartAdd = await t.request('POST', `/api/cart/${draft._id}`, { as: shopper, body: { quantity: 1 } });
    expect(cartAdd.status).toBe(404);
    expect((await t.request('POST', `/api/wish/${draft._id}`, { as: shopper })).status).toBe(404);
    // The did-you-mean vocabulary has not learnt the draft's word: a near miss corrects to nothing.
    expect(await found(`${enWord}x`, 'en')).toEqual([]);

    expect((await patch(draft._id, { status: 'published' })).status).toBe(200);

    expect((await t.get(`/api/product/${draft._id}`)).status).toBe(200);
    expect(await allProducts()).toContain(draft._id);
    expect((await department()).at(-1)).toBe(draft._id);
    expect(await subcategory()).toContain(draft._id);
    expect(await found(enWord, 'en')).toEqual([draft._id]);
    expect(await found(arWord, 'ar')).toContain(draft._id);
    expect(await suggested(enWord)).toContain(draft._id);
    expect(await sitemap()).toContain(`/details/${draft._id}`);
    expect((await t.request('POST', `/api/cart/${draft._id}`, { as: shopper, body: { quantity: 1 } })).status).toBe(200);
    expect((await t.request('POST', `/api/wish/${draft._id}`, { as: shopper })).status).toBe(200);

    // Back to draft: the cart line and the wish are left out (kept for a later publish), and it cannot be ordered.
    expect((await patch(draft._id, { status: 'draft' })).status).toBe(200);
    const cart = CartResponseSchema.parse((await t.request('GET', '/api/cart', { as: shopper })).body).data;
    expect(cart.items.map((line) => line.product._id)).not.toContain(draft._id);
    const wish = (await t.request('GET', '/api/wish', { as: shopper })).body as { data: { items: { product: { _id: string } }[] } };
    expect(wish.data.items.map((item) => item.product._id)).not.toContain(draft._id);
    expect(await found(enWord, 'en')).toEqual([]);
  });
});

describe('ordering a hidden product', () => {
  it('refuses an order with a product taken off the shop after it went into the cart (404), taking no stock', async () => {
    const product = await create(newProduct({ quantity: 9 }));
    const shopper = await t.createUser();
    const book = await t.request('PUT', `/api/users/address/${shopper.id}`, { as: shopper, body: [TEST_ADDRESS] });
    const addressId = UserResponseSchema.parse(book.body).data.addressBook[0]?._id;
    expect((await t.request('POST', `/api/cart/${product._id}`, { as: shopper, body: { quantity: 2 } })).status).toBe(200);
    expect((await patch(product._id, { status: 'draft' })).status).toBe(200);
    const items = [{ _id: product._id, quantity: 2 }];
    const res = await t.request('POST', '/api/orders', {
      as: shopper,
      body: { userId: shopper.id, amount: 0, status: 'Waiting for Supplier', items, shippingAddress: { _id: addressId } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    const [row] = await t.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product._id));
    expect(row?.quantity).toBe(9);
  });
});

describe('stock and its ledger', () => {
  it('sets stock by PATCH (an edit with its reason) and adjusts it by a delta, never below 0', async () => {
    const product = await create(newProduct({ quantity: 5 }));
    const set = await patch(product._id, { quantity: 12, reason: 'Counted the shelf' });
    expect(AdminProductResponseSchema.parse(set.body).data.quantity).toBe(12);
    const adjusted = await t.request('POST', `/api/admin/products/${product._id}/stock`, as(owner, { delta: -4, reason: 'Two broken, two lost' }));
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(AdminProductResponseSchema.parse(adjusted.body).data.quantity).toBe(8);

    const tooMany = await t.request('POST', `/api/admin/products/${product._id}/stock`, as(owner, { delta: -9, reason: 'oops' }));
    expect(tooMany.status).toBe(409);
    const noReason = await t.request('POST', `/api/admin/products/${product._id}/stock`, as(owner, { delta: 1 }));
    expect(noReason.status).toBe(400);
    expect(errorMessage(noReason)).toContain('reason');

    const ledger = await ledgerOf(product._id);
    expect(ledger.map(({ kind, quantityBefore, quantityAfter, reason }) => ({ kind, quantityBefore, quantityAfter, reason }))).toEqual([
      { kind: 'edit', quantityBefore: 0, quantityAfter: 5, reason: null },
      { kind: 'edit', quantityBefore: 5, quantityAfter: 12, reason: 'Counted the shelf' },
      { kind: 'adjustment', quantityBefore: 12, quantityAfter: 8, reason: 'Two broken, two lost' },
    ]);
    expect(ledger[2]?.staff).toEqual({ _id: owner.id, name: 'Olivia Owner' });
    expect((await t.get(`/api/product/${product._id}`)).body).toMatchObject({ data: { quantity: 8 } });
  });

  it('records orders with their id', async () => {
    const product = await create(newProduct({ quantity: 10 }));
    const { order } = await placedOrder([{ _id: product._id, quantity: 3 }]);
    const ledger = await ledgerOf(product._id);
    expect(ledger.at(-1)).toMatchObject({ kind: 'order', quantityBefore: 10, quantityAfter: 7, orderId: order._id, staff: null });
  });

  it('records an unpaid order expiring and an order cancelled, each with its order', async () => {
    const product = await create(newProduct({ quantity: 20 }));
    const { order: expiring } = await placedOrder([{ _id: product._id, quantity: 2 }]);
    const { order: cancelled } = await placedOrder([{ _id: product._id, quantity: 5 }]);
    await t.database.db.update(orders).set({ payBy: sql`now() - interval '1 minute'` }).where(eq(orders.id, expiring._id));
    expect(await expireUnpaidOrders(t.database.db)).toBeGreaterThanOrEqual(1);
    const outcome = await cancelOrder(t.database.db, cancelled._id, new SandboxPaymentProvider(new Uint8Array(32)));
    expect(outcome.wasPaid).toBe(false);

    const ledger = await ledgerOf(product._id);
    expectChained(ledger);
    expect(ledger.slice(-4).map(({ kind, quantityBefore, quantityAfter, orderId }) => ({ kind, quantityBefore, quantityAfter, orderId }))).toEqual([
      { kind: 'order', quantityBefore: 20, quantityAfter: 18, orderId: expiring._id },
      { kind: 'order', quantityBefore: 18, quantityAfter: 13, orderId: cancelled._id },
      { kind: 'expiry', quantityBefore: 13, quantityAfter: 15, orderId: expiring._id },
      { kind: 'cancellation', quantityBefore: 15, quantityAfter: 20, orderId: cancelled._id },
    ]);
  });

  it('never loses a unit to orders and adjustments at once, and each change starts where the last ended', async () => {
    const product = await create(newProduct({ quantity: 100 }));
    const orders = Array.from({ length: 8 }, () => placedOrder([{ _id: product._id, quantity: 2 }]));
    const adjustments = Array.from({ length: 12 }, (_, i) =>
      t.request('POST', `/api/admin/products/${product._id}/stock`, as(i % 2 === 0 ? owner : catalog, { delta: i % 3 === 0 ? 5 : -3, reason: `count ${i}` })),
    );
    const edits = Array.from({ length: 3 }, () => patch(product._id, { price: 11 }));
    const [, adjusted] = await Promise.all([Promise.all(orders), Promise.all(adjustments), Promise.all(edits)]);
    expect(adjusted.map((r) => r.status)).toEqual(Array(12).fill(200));

    // 100 − 8×2 + 4×5 − 8×3 = 80
    const [row] = await t.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product._id));
    expect(row?.quantity).toBe(80);
    const ledger = await ledgerOf(product._id);
    expect(ledger).toHaveLength(1 + 8 + 12);
    expectChained(ledger);
    expect(ledger[0]?.quantityBefore).toBe(0);
    expect(ledger.at(-1)?.quantityAfter).toBe(80);
    const rows = await t.database.db.select({ n: count() }).from(stockLedger).where(eq(stockLedger.productId, product._id));
    expect(rows[0]?.n).toBe(21);
  });
});
