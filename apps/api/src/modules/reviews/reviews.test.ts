import { ProductResponseSchema } from '@dukkan/contracts/catalog';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { Order } from '@dukkan/contracts/orders';
import {
  AdminReviewListResponseSchema,
  AdminReviewResponseSchema,
  MyReviewResponseSchema,
  OwnReviewResponseSchema,
  ReviewPageResponseSchema,
  REVIEWS_PER_DAY,
  type ReviewBody,
} from '@dukkan/contracts/reviews';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orders, outbox, products, reviews } from '../../db/schema';
import { readCatalogVersion } from '../../lib/catalog-version';
import { markOrderPaid, orderFixtures } from '../../test/order-fixtures';
import { productSupply } from '../../test/shop-fixtures';
import { createRoleStaff, type RoleStaff } from '../../test/staff-fixtures';
import { useTestApp, type JsonAnswer, type TestUser } from '../../test/test-app';

import { authorName } from './service';

/*
 * Reviews from verified buyers, moderated (issue #36): who may write one, once per product, the
 * day's limit, plain text, the product's figures recomputed at every moderation step, no email in
 * any shopper's answer, the back office's roles and its audit records and mail.
 */

const t = useTestApp({ env: { SIGNUP_LIMIT: '0' } });
const supply = productSupply(() => t.database.db);
const { placedOrder } = orderFixtures(t);

let staff: RoleStaff;
beforeAll(async () => {
  staff = await createRoleStaff(t.database.db);
});

const REVIEW: ReviewBody = { rating: 4, title: 'Sturdy and quiet', body: 'Does what it says. <b>Bold</b> claims hold up.' };

/** An order of `productIds` (one each) by `shopper` (or a new one), moved on to `state`. */
async function orderIn(state: 'placed' | 'paid' | 'delivered', productIds: string[], shopper?: TestUser): Promise<{ shopper: TestUser; order: Order }> {
  const placed = await placedOrder(
    productIds.map((_id) => ({ _id, quantity: 1 })),
    shopper ? { shopper } : {},
  );
  if (state !== 'placed') await markOrderPaid(t.database.db, placed.order);
  if (state === 'delivered') await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, placed.order._id));
  return placed;
}

const write = (productId: string, as: TestUser | undefined, body: unknown = REVIEW, lng = 'en') =>
  t.request('POST', `/api/product/${productId}/reviews`, { ...(as ? { as } : {}), body, headers: { lng } });

function expectError(res: JsonAnswer, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(ErrorResponseSchema.parse(res.body).code).toBe(code);
}

const reviewCountOf = async (productId: string) =>
  (await t.database.db.select({ n: count() }).from(reviews).where(eq(reviews.productId, productId)))[0]?.n ?? -1;

async function figuresOf(productId: string): Promise<{ rating: number; reviewCount: number }> {
  const res = await t.get(`/api/product/${productId}`);
  const { rating, reviewCount } = ProductResponseSchema.parse(res.body).data;
  return { rating, reviewCount };
}

const approve = (id: string, as = staff.support) => t.request('POST', `/api/admin/reviews/${id}/approve`, { headers: as.headers });
const reject = (id: string, reason: string, as = staff.support) => t.request('POST', `/api/admin/reviews/${id}/reject`, { headers: as.headers, body: { reason } });

/** A delivered shopper's review of `productId`, written and answered 201: its id. */
async function reviewed(productId: string, body: ReviewBody = REVIEW, lng = 'en', name?: string): Promise<{ id: string; shopper: TestUser }> {
  const shopper = await t.createUser(name ? { name } : {});
  await orderIn('delivered', [productId], shopper);
  const res = await write(productId, shopper, body, lng);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: OwnReviewResponseSchema.parse(res.body).data._id, shopper };
}

describe('who may review a product', () => {
  it('refuses a guest (401), a shopper without an order, with an unpaid one or a paid one not delivered (403), and writes nothing', async () => {
    const [product] = await supply.take(1);
    expectError(await write(product!, undefined), 401, 'SIGN_IN_REQUIRED');
    expectError(await write(product!, await t.createUser()), 403, 'REVIEW_NOT_VERIFIED');
    expectError(await write(product!, (await orderIn('placed', [product!])).shopper), 403, 'REVIEW_NOT_VERIFIED');
    expectError(await write(product!, (await orderIn('paid', [product!])).shopper), 403, 'REVIEW_NOT_VERIFIED');
    // A delivered order of another product does not count for this one.
    const [other] = await supply.take(1);
    expectError(await write(product!, (await orderIn('delivered', [other!])).shopper), 403, 'REVIEW_NOT_VERIFIED');
    expect(await reviewCountOf(product!)).toBe(0);
  });

  it('takes a delivered shopper’s review: 201, pending, in the request’s language, signed with the first name and an initial', async () => {
    const [product] = await supply.take(1);
    const shopper = await t.createUser({ name: 'Layla Hassan' });
    await orderIn('delivered', [product!], shopper);
    const before = MyReviewResponseSchema.parse((await t.request('GET', `/api/product/${product}/reviews/mine`, { as: shopper })).body).data;
    expect(before).toEqual({ review: null, canReview: true });

    const res = await write(product!, shopper, REVIEW, 'ar');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const review = OwnReviewResponseSchema.parse(res.body).data;
    expect(review).toMatchObject({ product: product, rating: 4, title: REVIEW.title, body: REVIEW.body, author: 'Layla H.', language: 'ar', status: 'pending', verified: true, rejectReason: null });
    // Markup is kept as typed: the storefront shows it as text.
    expect(review.body).toContain('<b>Bold</b>');
    expect(JSON.stringify(res.body)).not.toContain(shopper.email);

    const mine = MyReviewResponseSchema.parse((await t.request('GET', `/api/product/${product}/reviews/mine`, { as: shopper })).body);
    expect(mine.data).toMatchObject({ review: { _id: review._id, status: 'pending' }, canReview: false });
    // Pending: not shown, and the product's figures do not move.
    expect(ReviewPageResponseSchema.parse((await t.get(`/api/product/${product}/reviews`)).body).total).toBe(0);
    expect(await figuresOf(product!)).toEqual({ rating: 0, reviewCount: 0 });
  });

  it('takes one review per shopper and product (409), and edits it back to pending', async () => {
    const [product] = await supply.take(1);
    const { id, shopper } = await reviewed(product!);
    expectError(await write(product!, shopper, { ...REVIEW, title: 'Again' }), 409, 'REVIEW_EXISTS');
    expect(await reviewCountOf(product!)).toBe(1);

    expect((await approve(id)).status).toBe(200);
    expect(await figuresOf(product!)).toEqual({ rating: 4, reviewCount: 1 });
    const edited = await t.request('PATCH', `/api/product/${product}/reviews/mine`, { as: shopper, body: { rating: 2, title: 'Changed my mind', body: 'It broke.' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(OwnReviewResponseSchema.parse(edited.body).data).toMatchObject({ _id: id, rating: 2, title: 'Changed my mind', status: 'pending' });
    // Back to moderation: no longer shown, and the figures are recomputed without it.
    expect(await figuresOf(product!)).toEqual({ rating: 0, reviewCount: 0 });
    expect(ReviewPageResponseSchema.parse((await t.get(`/api/product/${product}/reviews`)).body).data).toEqual([]);

    expectError(await t.request('PATCH', `/api/product/${product}/reviews/mine`, { as: await t.createUser(), body: REVIEW }), 404, 'REVIEW_NOT_FOUND');
  });

  it('refuses bad stars and texts with the field named, and writes nothing', async () => {
    const [product] = await supply.take(1);
    const { shopper } = await orderIn('delivered', [product!]);
    const cases: [unknown, string][] = [
      [{ ...REVIEW, rating: 0 }, 'rating'],
      [{ ...REVIEW, rating: 6 }, 'rating'],
      [{ ...REVIEW, rating: 3.5 }, 'rating'],
      [{ ...REVIEW, rating: '4' }, 'rating'],
      [{ ...REVIEW, title: '   ' }, 'title'],
      [{ ...REVIEW, title: 'x'.repeat(101) }, 'title'],
      [{ ...REVIEW, body: '' }, 'body'],
      [{ ...REVIEW, body: 'x'.repeat(5001) }, 'body'],
      [{ rating: 4, title: 'No text' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await write(product!, shopper, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(ErrorResponseSchema.parse(res.body).field).toBe(field);
    }
    expect(await reviewCountOf(product!)).toBe(0);
    // The longest allowed are taken.
    expect((await write(product!, shopper, { rating: 5, title: 'x'.repeat(100), body: 'y'.repeat(5000) })).status).toBe(201);
  });

  it('answers 404 for a product that does not exist', async () => {
    const shopper = await t.createUser();
    expectError(await write('00000000-0000-4000-8000-000000000000', shopper), 404, 'PRODUCT_NOT_FOUND');
  });

  it(`takes at most ${REVIEWS_PER_DAY} reviews a day from one shopper (429 with Retry-After)`, async () => {
    const ids = await supply.take(REVIEWS_PER_DAY + 1);
    const { shopper } = await orderIn('delivered', ids);
    for (const id of ids.slice(0, REVIEWS_PER_DAY)) expect((await write(id, shopper)).status).toBe(201);
    const refused = await write(ids[REVIEWS_PER_DAY]!, shopper);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await reviewCountOf(ids[REVIEWS_PER_DAY]!)).toBe(0);
  });

  it('removes one’s review and recomputes the figures', async () => {
    const [product] = await supply.take(1);
    const { id, shopper } = await reviewed(product!, { ...REVIEW, rating: 5 });
    await approve(id);
    expect(await figuresOf(product!)).toEqual({ rating: 5, reviewCount: 1 });
    expect((await t.request('DELETE', `/api/product/${product}/reviews/mine`, { as: shopper })).status).toBe(204);
    expect(await figuresOf(product!)).toEqual({ rating: 0, reviewCount: 0 });
    expectError(await t.request('DELETE', `/api/product/${product}/reviews/mine`, { as: shopper }), 404, 'REVIEW_NOT_FOUND');
  });
});

describe('moderation and the figures', () => {
  it('recomputes the stored rating and count at every step, visible at once, and never shows a rejected review', async () => {
    const [product] = await supply.take(1);
    // Fill the catalog's cache: the next answers must not come from it.
    expect(await figuresOf(product!)).toEqual({ rating: 0, reviewCount: 0 });
    const a = await reviewed(product!, { ...REVIEW, rating: 5 });
    const b = await reviewed(product!, { ...REVIEW, rating: 4 });
    const c = await reviewed(product!, { ...REVIEW, rating: 4 });

    const version = await readCatalogVersion(t.database.db);
    expect((await approve(a.id)).status).toBe(200);
    expect(await readCatalogVersion(t.database.db)).toBeGreaterThan(version);
    expect(await figuresOf(product!)).toEqual({ rating: 5, reviewCount: 1 });
    await approve(b.id);
    await approve(c.id);
    // (5 + 4 + 4) / 3 = 4.33… → 4.3
    expect(await figuresOf(product!)).toEqual({ rating: 4.3, reviewCount: 3 });
    const [row] = await t.database.db.select({ tenths: products.ratingTenths, n: products.reviewCount }).from(products).where(eq(products.id, product!));
    expect(row).toEqual({ tenths: 43, n: 3 });

    // A previously approved review rejected: out of the figures and of the list.
    const rejected = await reject(a.id, 'Mentions another shop');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(AdminReviewResponseSchema.parse(rejected.body).data).toMatchObject({ status: 'rejected', rejectReason: 'Mentions another shop', moderatedBy: staff.support.email });
    expect(await figuresOf(product!)).toEqual({ rating: 4, reviewCount: 2 });
    const page = ReviewPageResponseSchema.parse((await t.get(`/api/product/${product}/reviews`)).body);
    expect(page.data.map((r) => r._id).sort()).toEqual([b.id, c.id].sort());
    expect(page.summary).toEqual({ average: 4, count: 2, histogram: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 0 } });

    // Approving again brings it back; an approval of an approved review changes nothing.
    await approve(a.id);
    expect(await figuresOf(product!)).toEqual({ rating: 4.3, reviewCount: 3 });
    const steady = await readCatalogVersion(t.database.db);
    expect((await approve(a.id)).status).toBe(200);
    expect(await readCatalogVersion(t.database.db)).toBe(steady);
  });

  it('lists approved reviews in the page’s language first, sorted and paged, with no email anywhere', async () => {
    const [product] = await supply.take(1);
    const en1 = await reviewed(product!, { rating: 2, title: 'Meh', body: 'Fine.' }, 'en', 'Adam Smith');
    const ar1 = await reviewed(product!, { rating: 5, title: 'ممتاز', body: 'رائع جدًا' }, 'ar', 'ليلى حسن');
    const en2 = await reviewed(product!, { rating: 4, title: 'Good', body: 'Works.' }, 'en', 'Bea Jones');
    for (const r of [en1, ar1, en2]) await approve(r.id);

    const ar = ReviewPageResponseSchema.parse((await t.get(`/api/product/${product}/reviews?lng=ar`)).body);
    expect(ar.data.map((r) => r._id)).toEqual([ar1.id, en2.id, en1.id]);
    expect(ar.data[0]).toMatchObject({ author: 'ليلى ح.', language: 'ar', verified: true });
    const highest = ReviewPageResponseSchema.parse((await t.get(`/api/product/${product}/reviews?lng=en&sort=highest`)).body);
    expect(highest.data.map((r) => r.rating)).toEqual([4, 2, 5]);
    const lowest = ReviewPageResponseSchema.parse((await t.get(`/api/product/${product}/reviews?lng=en&sort=lowest`)).body);
    expect(lowest.data.map((r) => r.rating)).toEqual([2, 4, 5]);
    expect(ar.summary).toEqual({ average: 3.7, count: 3, histogram: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 } });
    expect(ReviewPageResponseSchema.parse((await t.get(`/api/product/${product}/reviews?page=2`)).body)).toMatchObject({ data: [], page: 2, total: 3 });
    for (const r of [en1, ar1, en2]) expect(JSON.stringify(ar)).not.toContain(r.shopper.email);
    expectError(await t.get(`/api/product/${product}/reviews?sort=best`), 400, 'VALIDATION_ERROR');
  });

  it('lists the queue for owner and support, pending oldest first; catalog staff get 403, shoppers and no session 401', async () => {
    const [product] = await supply.take(1);
    const first = await reviewed(product!);
    const second = await reviewed(product!);
    const list = await t.request('GET', `/api/admin/reviews?status=pending&product=${product}`, { headers: staff.owner.headers });
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { data, total } = AdminReviewListResponseSchema.parse(list.body);
    expect(total).toBe(2);
    expect(data.map((r) => r._id)).toEqual([first.id, second.id]);
    expect(data[0]).toMatchObject({ product: { _id: product }, customer: { _id: first.shopper.id, email: first.shopper.email }, status: 'pending' });
    expect(data[0]?.order).toEqual(expect.any(String));

    expect((await t.request('GET', '/api/admin/reviews', { headers: staff.support.headers })).status).toBe(200);
    expectError(await t.request('GET', '/api/admin/reviews', { headers: staff.catalog.headers }), 403, 'ROLE_FORBIDDEN');
    expectError(await approve(first.id, staff.catalog), 403, 'ROLE_FORBIDDEN');
    expectError(await t.request('GET', '/api/admin/reviews', { as: first.shopper }), 401, 'STAFF_SIGN_IN_REQUIRED');
    expectError(await t.request('POST', `/api/admin/reviews/${first.id}/approve`), 401, 'STAFF_SIGN_IN_REQUIRED');
    expectError(await approve('00000000-0000-4000-8000-000000000000', staff.owner), 404, 'REVIEW_NOT_FOUND');
    expectError(await reject(first.id, ' ', staff.owner), 400, 'VALIDATION_ERROR');
    // None of the refusals moderated anything.
    const [still] = await t.database.db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, first.id));
    expect(still?.status).toBe('pending');

    expect((await approve(first.id, staff.owner)).status).toBe(200);
    const pending = AdminReviewListResponseSchema.parse((await t.request('GET', `/api/admin/reviews?status=pending&product=${product}`, { headers: staff.owner.headers })).body);
    expect(pending.data.map((r) => r._id)).toEqual([second.id]);
  });

  it('records each action in the audit log and tells the shopper by mail in the review’s language', async () => {
    const [product] = await supply.take(1);
    const en = await reviewed(product!, REVIEW, 'en', 'Adam Smith');
    const ar = await reviewed(product!, REVIEW, 'ar', 'ليلى حسن');
    await approve(en.id, staff.owner);
    await reject(ar.id, 'يذكر متجرًا آخر');

    const records = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'review')).orderBy(asc(auditLog.id));
    const mine = records.filter((r) => r.entityId === en.id || r.entityId === ar.id);
    expect(mine.map((r) => [r.action, r.entityId, r.actorEmail])).toEqual([
      ['review.approve', en.id, staff.owner.email],
      ['review.reject', ar.id, staff.support.email],
    ]);
    expect(mine[1]?.after).toMatchObject({ status: 'rejected', rejectReason: 'يذكر متجرًا آخر' });

    const mailTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    const [approvedMail] = await mailTo(en.shopper.email);
    expect(approvedMail).toMatchObject({ kind: 'review-approved', subject: 'Your Dukkan review is published' });
    const [rejectedMail] = await mailTo(ar.shopper.email);
    expect(rejectedMail).toMatchObject({ kind: 'review-rejected', subject: 'لم يُنشر تقييمك في دكّان' });
    expect(rejectedMail?.textBody).toContain('يذكر متجرًا آخر');
    // Shoppers' markup in a mail is escaped in its HTML part.
    expect(approvedMail?.htmlBody).not.toMatch(/<script/);
  });

  it('counts pending reviews on the dashboard', async () => {
    const [product] = await supply.take(1);
    const before = (await t.request('GET', '/api/admin/stats', { headers: staff.owner.headers })).body as { data: { pendingReviews: number } };
    const r = await reviewed(product!);
    const after = (await t.request('GET', '/api/admin/stats', { headers: staff.owner.headers })).body as { data: { pendingReviews: number } };
    expect(after.data.pendingReviews).toBe(before.data.pendingReviews + 1);
    await approve(r.id);
    const done = (await t.request('GET', '/api/admin/stats', { headers: staff.owner.headers })).body as { data: { pendingReviews: number } };
    expect(done.data.pendingReviews).toBe(before.data.pendingReviews);
  });
});

describe('authorName', () => {
  it.each([
    ['Layla Hassan', 'Layla H.'],
    ['  Adam   de la Cruz ', 'Adam C.'],
    ['Cher', 'Cher'],
    ['ليلى حسن', 'ليلى ح.'],
    ['sam@example.com Smith', 'sam S.'],
    ['someone@example.com', 'someone'],
  ])('signs %s as %s', (name, author) => {
    expect(authorName(name)).toBe(author);
  });
});
