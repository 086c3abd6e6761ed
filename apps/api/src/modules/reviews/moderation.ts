import type { Language } from '@dukkan/contracts/common';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  type AdminReview,
  type AdminReviewListQuery,
  type AdminReviewListResponse,
  type ReviewStatus,
} from '@dukkan/contracts/reviews';
import { absoluteUrl, storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';

import type { Database, Executor } from '../../db/client';
import { products, reviews, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { reviewModeratedMessage } from '../../mail/messages';
import { enqueueMail } from '../../mail/outbox';
import { recordAudit, type AuditActor } from '../admin/audit/record';

import { recomputeRatings } from './ratings';
import { REVIEW_FIELDS } from './service';

export const ADMIN_REVIEW_NOT_FOUND_MESSAGE = 'Review not found';

const adminColumns = {
  ...REVIEW_FIELDS,
  titleEn: products.titleEn,
  titleAr: products.titleAr,
  userId: reviews.userId,
  name: users.name,
  email: users.email,
  // The latest delivered order of the shopper that holds the product: what verified them.
  orderId: sql<string | null>`(select o.id from orders o join order_items i on i.order_id = o.id
    where o.user_id = ${reviews.userId} and i.product_id = ${reviews.productId} and o.status = 'Delivered'
    order by o.created_at desc limit 1)`,
  moderatedAt: reviews.moderatedAt,
  moderatedBy: reviews.moderatedBy,
};

function selectAdminReviews(db: Executor, where: SQL | undefined) {
  return db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where);
}

type AdminReviewRow = Awaited<ReturnType<typeof selectAdminReviews>>[number];

const statusOf = (value: string): ReviewStatus => (value === 'approved' || value === 'rejected' ? value : 'pending');

function toAdminReview(row: AdminReviewRow): AdminReview {
  return {
    _id: row.id,
    product: { _id: row.productId, title: { en: row.titleEn, ar: row.titleAr } },
    customer: { _id: row.userId, name: row.name, email: row.email },
    order: row.orderId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    language: row.language === 'ar' ? 'ar' : 'en',
    status: statusOf(row.status),
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
    moderatedBy: row.moderatedBy,
  };
}

/**
 * The back office's reviews, `ADMIN_REVIEW_PAGE_SIZE` a page: by status and product when asked.
 * Pending ones come first, the oldest first (the queue); approved and rejected ones follow, the
 * latest written first.
 */
export async function listAdminReviews(db: Database, { status, product, page = 1 }: AdminReviewListQuery): Promise<AdminReviewListResponse> {
  const where = and(status ? eq(reviews.status, status) : undefined, product ? eq(reviews.productId, product) : undefined);
  const pending = sql`${reviews.status} = 'pending'`;
  const [rows, [counted]] = await Promise.all([
    selectAdminReviews(db, where)
      .orderBy(
        desc(pending),
        asc(sql`case when ${pending} then ${reviews.updatedAt} end`),
        desc(reviews.updatedAt),
        asc(reviews.id),
      )
      .limit(ADMIN_REVIEW_PAGE_SIZE)
      .offset((Number(page) - 1) * ADMIN_REVIEW_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where),
  ]);
  return { data: rows.map(toAdminReview), total: Number(counted?.total ?? 0) };
}

/** How many reviews wait for moderation (the dashboard's figure). */
export async function countPendingReviews(db: Executor): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.status, 'pending'));
  return Number(row?.total ?? 0);
}

async function readAdminReview(db: Executor, id: string): Promise<AdminReview> {
  const [row] = await selectAdminReviews(db, eq(reviews.id, id));
  if (!row) throw notFound(ADMIN_REVIEW_NOT_FOUND_MESSAGE, 'REVIEW_NOT_FOUND');
  return toAdminReview(row);
}

export interface Moderation {
  /** Approve, or reject with the reason the shopper is told. */
  decision: { status: 'approved' } | { status: 'rejected'; reason: string };
  actor: AuditActor;
  publicUrl: string;
}

/**
 * Approves or rejects a review, in one transaction: its status (and reason), the product's rating
 * and count recomputed from its approved reviews (a catalog write), the audit record, and the
 * shopper's mail in the review's language through the outbox. A review already in that state
 * (with that reason) is answered as it is: nothing is written, recorded or sent again.
 * Answers whether anything changed, so the caller wakes the outbox.
 */
export async function moderateReview(db: Database, id: string, { decision, actor, publicUrl }: Moderation): Promise<{ review: AdminReview; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).for('update');
    if (!locked) throw notFound(ADMIN_REVIEW_NOT_FOUND_MESSAGE, 'REVIEW_NOT_FOUND');
    const before = await readAdminReview(tx, id);
    const reason = decision.status === 'rejected' ? decision.reason : null;
    if (before.status === decision.status && before.rejectReason === reason) return { review: before, changed: false };
    await tx
      .update(reviews)
      .set({ status: decision.status, rejectReason: reason, moderatedAt: sql`now()`, moderatedBy: actor.email })
      .where(eq(reviews.id, id));
    await recomputeRatings(tx, [before.product._id]);
    await recordAudit(tx, actor, {
      action: decision.status === 'approved' ? 'review.approve' : 'review.reject',
      entityType: 'review',
      entityId: id,
      before: { status: before.status, rejectReason: before.rejectReason },
      after: { status: decision.status, rejectReason: reason, product: before.product._id },
    });
    const lng: Language = before.language;
    await enqueueMail(
      tx,
      decision.status === 'approved' ? 'review-approved' : 'review-rejected',
      reviewModeratedMessage({
        to: before.customer.email,
        name: before.customer.name,
        product: before.product.title[lng],
        approved: decision.status === 'approved',
        reason,
        link: absoluteUrl(publicUrl, storefrontPaths.product(before.product._id)),
        lng,
      }),
    );
    return { review: await readAdminReview(tx, id), changed: true };
  });
}
