import { z } from 'zod';

import { dataSchema, IdSchema, LanguageSchema, PageQuerySchema } from './common';

/*
 * Reviews from verified buyers, moderated by staff (issue #36, decision 0060). A shopper with a
 * delivered order line of a product writes one review of it; staff approve or reject it; only
 * approved reviews are shown, and the product's `rating` and `reviewCount` are made of them.
 * Texts are plain: stored as typed, always shown as text.
 */

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 5_000;
/** A rejection's reason, told to the shopper. */
export const REVIEW_REASON_MAX = 500;
/** Reviews a shopper may write (or edit) in a day, on every product together. */
export const REVIEWS_PER_DAY = 10;
/** Reviews per page of a product's list. */
export const REVIEW_PAGE_SIZE = 10;
/** Reviews per page of the back office's list. */
export const ADMIN_REVIEW_PAGE_SIZE = 20;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES, { message: `must be one of ${REVIEW_STATUSES.join(', ')}` });
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export const ReviewSortSchema = z.enum(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(', ')}` });
export type ReviewSort = z.infer<typeof ReviewSortSchema>;

const text = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` });

/** `POST /api/product/{id}/reviews` and `PATCH /api/product/{id}/reviews/mine`: whole stars, a title and the text. */
export const ReviewBodySchema = z.object({
  rating: z
    .number({ message: 'must be a whole number of stars from 1 to 5' })
    .int({ message: 'must be a whole number of stars from 1 to 5' })
    .min(1, { message: 'must be a whole number of stars from 1 to 5' })
    .max(5, { message: 'must be a whole number of stars from 1 to 5' }),
  title: text(REVIEW_TITLE_MAX),
  body: text(REVIEW_BODY_MAX),
});
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

/** `GET /api/product/{id}/reviews?sort=&page=`. */
export const ReviewListQuerySchema = z.object({
  sort: ReviewSortSchema.default('newest'),
  page: PageQuerySchema.shape.page,
});
export type ReviewListQuery = z.input<typeof ReviewListQuerySchema>;

/** An approved review as every shopper reads it: no email, no account id. */
export const ReviewSchema = z.object({
  _id: IdSchema,
  /** 1–5 whole stars. */
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  /** The shopper's first name and the initial of the last ('Layla H.'). */
  author: z.string(),
  /** The language it was written in. */
  language: LanguageSchema,
  /** Always true: only shoppers who received the product can review it. */
  verified: z.literal(true),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** Approved reviews by stars: how many gave 1, 2, 3, 4 and 5. */
export const ReviewHistogramSchema = z.object({
  1: z.number().int().nonnegative(),
  2: z.number().int().nonnegative(),
  3: z.number().int().nonnegative(),
  4: z.number().int().nonnegative(),
  5: z.number().int().nonnegative(),
});
export type ReviewHistogram = z.infer<typeof ReviewHistogramSchema>;

export const ReviewSummarySchema = z.object({
  /** The mean of the approved reviews' stars with one decimal; 0 without any. */
  average: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
  histogram: ReviewHistogramSchema,
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** A product's approved reviews, the page's language first, with the summary of all of them. */
export const ReviewPageResponseSchema = z.object({
  data: z.array(ReviewSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  summary: ReviewSummarySchema,
});
export type ReviewPageResponse = z.infer<typeof ReviewPageResponseSchema>;

/** The shopper's own review, in any status, as its writer reads it. */
export const OwnReviewSchema = ReviewSchema.extend({
  /** The product reviewed. */
  product: IdSchema,
  status: ReviewStatusSchema,
  /** Why staff rejected it; null unless rejected. */
  rejectReason: z.string().nullable(),
  /** ISO 8601: when it was last written. */
  updatedAt: z.string(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;
export const OwnReviewResponseSchema = dataSchema(OwnReviewSchema);
export type OwnReviewResponse = z.infer<typeof OwnReviewResponseSchema>;

/**
 * `GET /api/product/{id}/reviews/mine`: the signed-in shopper's review of the product, if any,
 * and whether they may write one (a delivered order line of it and no review yet).
 */
export const MyReviewResponseSchema = dataSchema(z.object({ review: OwnReviewSchema.nullable(), canReview: z.boolean() }));
export type MyReviewResponse = z.infer<typeof MyReviewResponseSchema>;

export const ReviewParamsSchema = z.object({ id: IdSchema });

// ---- The back office (owner and support) -------------------------------------------------------

/** `GET /api/admin/reviews?status=&product=&page=`: pending oldest first; the others newest first. */
export const AdminReviewListQuerySchema = z.object({
  status: ReviewStatusSchema.optional(),
  product: IdSchema.optional(),
  page: PageQuerySchema.shape.page,
});
export type AdminReviewListQuery = z.input<typeof AdminReviewListQuerySchema>;

/** A review as staff moderate it: the product, the shopper and the order that verified them. */
export const AdminReviewSchema = z.object({
  _id: IdSchema,
  product: z.object({ _id: IdSchema, title: z.object({ en: z.string(), ar: z.string() }) }),
  customer: z.object({ _id: IdSchema, name: z.string(), email: z.string() }),
  /** The delivered order that holds the product (the latest, when several do). */
  order: IdSchema.nullable(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  language: LanguageSchema,
  status: ReviewStatusSchema,
  rejectReason: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was last approved or rejected, and by whom (an email); null while never moderated. */
  moderatedAt: z.string().nullable(),
  moderatedBy: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewListResponseSchema = z.object({ data: z.array(AdminReviewSchema), total: z.number().int().min(0) });
export type AdminReviewListResponse = z.infer<typeof AdminReviewListResponseSchema>;
export const AdminReviewResponseSchema = dataSchema(AdminReviewSchema);
export type AdminReviewResponse = z.infer<typeof AdminReviewResponseSchema>;

/** `POST /api/admin/reviews/{id}/reject`: the reason the shopper is told. */
export const RejectReviewBodySchema = z.object({ reason: text(REVIEW_REASON_MAX) });
export type RejectReviewBody = z.infer<typeof RejectReviewBodySchema>;
