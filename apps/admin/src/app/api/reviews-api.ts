import type { AdminReview, AdminReviewListResponse, AdminReviewResponse, RejectReviewBody, ReviewStatus } from '@dukkan/contracts/reviews';

import { adminApi } from '../api';

const path = (id: string) => `admin/reviews/${encodeURIComponent(id)}`;
const reviewOf = (answer: AdminReviewResponse) => answer.data;

/**
 * What a moderation makes stale: the lists (the next page's first review moves up), the
 * dashboard's count, the log. The review itself leaves the lists of other statuses at once, in
 * each action's `onQueryStarted`, so it is gone from the queue as the toast says so.
 */
const AFTER_MODERATION = ['Reviews', 'Stats', 'Audit'] as const;

/** The list's filters as the address holds them; the API pages by 20 (`ADMIN_REVIEW_PAGE_SIZE`). */
export interface ReviewListArgs {
  status: ReviewStatus;
  /** A product's id, or '' for every product. */
  product: string;
  page: number;
}

/** The query string of the list: the status and page, and the product when there is one. */
export function reviewListParams({ status, product, page }: ReviewListArgs): Record<string, string | number> {
  return { status, page, ...(product ? { product } : {}) };
}

/** Takes a review out of a cached page of a list, and from its total. */
function dropReview(list: AdminReviewListResponse, id: string): void {
  const kept = list.data.filter((review) => review._id !== id);
  if (kept.length < list.data.length) list.total = Math.max(0, list.total - 1);
  list.data = kept;
}

/** The reviews (owner and support): the moderation queue and lists, approving and rejecting. */
export const reviewsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listReviews: build.query<AdminReviewListResponse, ReviewListArgs>({
      query: (args) => ({ url: 'admin/reviews', params: reviewListParams(args) }),
      providesTags: ['Reviews'],
    }),
    approveReview: build.mutation<AdminReview, string>({
      query: (id) => ({ url: `${path(id)}/approve`, method: 'POST' }),
      transformResponse: reviewOf,
      async onQueryStarted(id, lifecycle) {
        const answer = await lifecycle.queryFulfilled.catch(() => null);
        if (!answer) return;
        for (const args of reviewsApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'listReviews')) {
          if (args.status !== answer.data.status) lifecycle.dispatch(reviewsApi.util.updateQueryData('listReviews', args, (list) => dropReview(list, id)));
        }
      },
      invalidatesTags: [...AFTER_MODERATION],
    }),
    rejectReview: build.mutation<AdminReview, { id: string } & RejectReviewBody>({
      query: ({ id, reason }) => ({ url: `${path(id)}/reject`, method: 'POST', body: { reason } }),
      transformResponse: reviewOf,
      async onQueryStarted({ id }, lifecycle) {
        const answer = await lifecycle.queryFulfilled.catch(() => null);
        if (!answer) return;
        for (const args of reviewsApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'listReviews')) {
          if (args.status !== answer.data.status) lifecycle.dispatch(reviewsApi.util.updateQueryData('listReviews', args, (list) => dropReview(list, id)));
        }
      },
      invalidatesTags: [...AFTER_MODERATION],
    }),
  }),
});

export const { useListReviewsQuery, useApproveReviewMutation, useRejectReviewMutation } = reviewsApi;
