import type { Language } from '@dukkan/contracts/common';
import {
  REVIEW_PAGE_SIZE,
  REVIEWS_PER_DAY,
  type OwnReview,
  type Review,
  type ReviewBody,
  type ReviewPageResponse,
  type ReviewSort,
} from '@dukkan/contracts/reviews';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';

import { rowsOf, type Database, type Executor } from '../../db/client';
import { orderItems, orders, products, reviews, users } from '../../db/schema';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors';

import { averageOf, recomputeRatings } from './ratings';

export const REVIEW_NOT_VERIFIED_MESSAGE = 'Only shoppers who received this product can review it.';
export const REVIEW_EXISTS_MESSAGE = 'You have already reviewed this product. You can edit your review instead.';
export const REVIEW_NOT_FOUND_MESSAGE = 'You have not reviewed this product.';
const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

/**
 * How a review is signed: the first name and the last name's initial ('Layla H.'), never more of
 * the account. Anything from an `@` on is dropped, so a name typed as an email shows no address.
 */
export function authorName(name: string): string {
  const parts = name
    .split(/\s+/)
    .map((part) => part.split('@')[0] ?? '')
    .filter((part) => part !== '');
  const first = parts[0] ?? '';
  if (parts.length < 2) return first;
  const initial = Array.from(parts[parts.length - 1] ?? '')[0] ?? '';
  return `${first} ${initial}.`;
}

/**
 * Whether the shopper has a delivered order line of the product: the only way to review it.
 * Delivered is an order's last step after payment (a cancelled or unpaid order never gets there).
 */
export const deliveredTo = (userId: string, productId: string): SQL => sql`exists (
  select 1 from ${orders} o join ${orderItems} i on i.order_id = o.id
  where o.user_id = ${userId} and o.status = 'Delivered' and i.product_id = ${productId})`;

/** A review's own columns, as both the shopper's and the back office's answers read them. */
export const REVIEW_FIELDS = {
  id: reviews.id,
  productId: reviews.productId,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  language: reviews.language,
  status: reviews.status,
  rejectReason: reviews.rejectReason,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

const reviewColumns = { ...REVIEW_FIELDS, name: users.name };
interface ReviewRow {
  id: string;
  productId: string;
  rating: number;
  title: string;
  body: string;
  language: string;
  status: string;
  rejectReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  name: string;
}

const languageOf = (value: string): Language => (value === 'ar' ? 'ar' : 'en');

function toReview(row: Pick<ReviewRow, 'id' | 'rating' | 'title' | 'body' | 'language' | 'createdAt' | 'name'>): Review {
  return {
    _id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: authorName(row.name),
    language: languageOf(row.language),
    verified: true,
    createdAt: row.createdAt.toISOString(),
  };
}

function toOwnReview(row: ReviewRow): OwnReview {
  return {
    ...toReview(row),
    product: row.productId,
    status: row.status === 'approved' ? 'approved' : row.status === 'rejected' ? 'rejected' : 'pending',
    rejectReason: row.rejectReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function ownReview(db: Executor, userId: string, productId: string): Promise<OwnReview | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row ? toOwnReview(row) : null;
}

async function assertPublished(db: Executor, productId: string): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.status, 'published')));
  if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'PRODUCT_NOT_FOUND');
}

/**
 * Refuses a shopper who wrote `REVIEWS_PER_DAY` reviews (new or edited) in the last 24 hours, with
 * the wait until the oldest of them leaves the day. Call it under the shopper's row lock.
 */
async function assertUnderDailyLimit(tx: Executor, userId: string, except?: string): Promise<void> {
  const [row] = await tx
    .select({ written: count(), wait: sql<number>`ceil(extract(epoch from min(${reviews.updatedAt}) + interval '1 day' - now()))::integer` })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), sql`${reviews.updatedAt} > now() - interval '1 day'`, except ? sql`${reviews.id} <> ${except}` : undefined));
  if ((row?.written ?? 0) < REVIEWS_PER_DAY) return;
  const seconds = Math.max(1, Number(row?.wait ?? 1));
  throw tooManyRequests(`You can write at most ${REVIEWS_PER_DAY} reviews a day. Please try again in ${Math.ceil(seconds / 3600)} hours.`, seconds);
}

/** Takes the shopper's row lock: their review writes run one at a time, so the daily count holds across processes. */
async function lockShopper(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where id = ${userId} for update`);
}

/**
 * A shopper's new review of a published product, `pending` until staff read it, in `lng`.
 * 404 for an unknown product; 403 `REVIEW_NOT_VERIFIED` without a delivered order line of it;
 * 409 `REVIEW_EXISTS` for a second one; 429 past the day's limit. The insert itself checks the
 * delivery, so nothing can slip in between the check and the write.
 */
export async function writeReview(db: Database, userId: string, productId: string, lng: Language, body: ReviewBody): Promise<OwnReview> {
  return db.transaction(async (tx) => {
    await assertPublished(tx, productId);
    await lockShopper(tx, userId);
    const [state] = await tx
      .select({ verified: sql<boolean>`${deliveredTo(userId, productId)}`, exists: sql<boolean>`exists (select 1 from ${reviews} where user_id = ${userId} and product_id = ${productId})` })
      .from(sql`(select 1) as one`);
    if (!state?.verified) throw forbidden(REVIEW_NOT_VERIFIED_MESSAGE, 'REVIEW_NOT_VERIFIED');
    if (state.exists) throw conflict(REVIEW_EXISTS_MESSAGE, 'REVIEW_EXISTS');
    await assertUnderDailyLimit(tx, userId);
    const inserted = await tx.execute(sql`
      insert into ${reviews} (product_id, user_id, rating, title, body, language)
      select ${productId}::uuid, ${userId}::uuid, ${body.rating}::smallint, ${body.title}::text, ${body.body}::text, ${lng}::text
      where ${deliveredTo(userId, productId)}
      on conflict (user_id, product_id) do nothing
      returning id`);
    if (rowsOf(inserted).length === 0) throw conflict(REVIEW_EXISTS_MESSAGE, 'REVIEW_EXISTS');
    const review = await ownReview(tx, userId, productId);
    if (!review) throw new Error('the review just written was not found');
    return review;
  });
}

/**
 * The shopper's review rewritten: new stars and texts in `lng`, back to `pending` for staff to
 * read again, the product's figures recomputed without it (it may have been approved). 404
 * `REVIEW_NOT_FOUND` when they have none; 429 past the day's limit.
 */
export async function editReview(db: Database, userId: string, productId: string, lng: Language, body: ReviewBody): Promise<OwnReview> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
    if (!existing) throw notFound(REVIEW_NOT_FOUND_MESSAGE, 'REVIEW_NOT_FOUND');
    await assertUnderDailyLimit(tx, userId, existing.id);
    await tx
      .update(reviews)
      .set({ rating: body.rating, title: body.title, body: body.body, language: lng, status: 'pending', rejectReason: null, updatedAt: sql`now()` })
      .where(eq(reviews.id, existing.id));
    await recomputeRatings(tx, [productId]);
    const review = await ownReview(tx, userId, productId);
    if (!review) throw new Error('the review just edited was not found');
    return review;
  });
}

/** Removes the shopper's review of the product and recomputes its figures; 404 `REVIEW_NOT_FOUND` when they have none. */
export async function removeReview(db: Database, userId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(reviews).where(and(eq(reviews.userId, userId), eq(reviews.productId, productId))).returning({ id: reviews.id });
    if (removed.length === 0) throw notFound(REVIEW_NOT_FOUND_MESSAGE, 'REVIEW_NOT_FOUND');
    await recomputeRatings(tx, [productId]);
  });
}

/** The shopper's review of the product (or null) and whether they may write one now. */
export async function myReview(db: Executor, userId: string, productId: string): Promise<{ review: OwnReview | null; canReview: boolean }> {
  await assertPublished(db, productId);
  const review = await ownReview(db, userId, productId);
  if (review) return { review, canReview: false };
  const [state] = await db.select({ verified: sql<boolean>`${deliveredTo(userId, productId)}` }).from(sql`(select 1) as one`);
  return { review: null, canReview: state?.verified === true };
}

const SORTS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt)],
  highest: [desc(reviews.rating), desc(reviews.createdAt)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt)],
};

/**
 * A published product's approved reviews, a page of `REVIEW_PAGE_SIZE`: those in `lng` first, then
 * the others, each group in `sort`'s order; with the summary of all of them (average, count and
 * how many gave each number of stars). 404 for an unknown product.
 */
export async function listReviews(db: Executor, productId: string, lng: Language, sort: ReviewSort, page: number): Promise<ReviewPageResponse> {
  await assertPublished(db, productId);
  const approved = and(eq(reviews.productId, productId), eq(reviews.status, 'approved'));
  const [rows, stars] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(approved)
      .orderBy(desc(sql`${reviews.language} = ${lng}`), ...SORTS[sort], asc(reviews.id))
      .limit(REVIEW_PAGE_SIZE)
      .offset((page - 1) * REVIEW_PAGE_SIZE),
    db.select({ rating: reviews.rating, reviews: count() }).from(reviews).where(approved).groupBy(reviews.rating),
  ]);
  const histogram = [0, 0, 0, 0, 0];
  for (const { rating, reviews: n } of stars) histogram[rating - 1] = n;
  const { average, count: total } = averageOf(histogram);
  return {
    data: rows.map(toReview),
    page,
    pageSize: REVIEW_PAGE_SIZE,
    total,
    summary: { average, count: total, histogram: { 1: histogram[0] ?? 0, 2: histogram[1] ?? 0, 3: histogram[2] ?? 0, 4: histogram[3] ?? 0, 5: histogram[4] ?? 0 } },
  };
}
