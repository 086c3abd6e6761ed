import type { Language } from '@dukkan/contracts/common';
import type {
  MyReviewResponse,
  OwnReview,
  OwnReviewResponse,
  ReviewBody,
  ReviewPageResponse,
  ReviewSort,
} from '@dukkan/contracts/reviews';

import { api } from '../../app/api';

/** One page of a product's approved reviews, in `lng` (the page's language first), sorted. */
export interface ReviewPageArgs {
  id: string;
  lng: Language;
  sort: ReviewSort;
  page: number;
}

/**
 * The page the product page shows first, and the server renders and describes in its JSON-LD
 * (ssr/pages/product.ts): one cache entry for both, so the arguments are made in one place.
 */
export function firstReviewPage(id: string, lng: Language): ReviewPageArgs {
  return { id, lng, sort: 'newest', page: 1 };
}

/** The signed-in shopper's (`owner`'s) review of product `id`: owner in the key, so no shopper sees another's. */
export interface MyReviewArgs {
  id: string;
  owner: string;
}

/** A review written or edited by `owner` for product `id`. */
export interface WriteReviewArgs extends MyReviewArgs {
  body: ReviewBody;
}

/** Like the catalog's answers: a product's reviews change only when staff approve or reject one. */
const REVIEWS_CACHE_SECONDS = 15 * 60;

const path = (id: string) => `/product/${encodeURIComponent(id)}/reviews`;

/**
 * A product's approved reviews (issue #36), for everyone: they change only when staff approve or
 * reject one, which the catalog's version tells the API. On the shop's API as it is, so the
 * server's page reads them from its store's state (ssr/pages/product.ts).
 */
export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /product/{id}/reviews?sort=&page=&lng=: approved reviews with the summary of all of them. */
    listProductReviews: build.query<ReviewPageResponse, ReviewPageArgs>({
      query: ({ id, lng, sort, page }) => ({ url: path(id), params: { sort, page, lng }, headers: { lng } }),
      keepUnusedDataFor: REVIEWS_CACHE_SECONDS,
    }),
  }),
});

/**
 * The signed-in shopper's own review of a product, with whether they may write one, and writing
 * or editing it. Either reloads their own (`MyReview`), also after a refusal (a 409 says they had
 * one already).
 */
export const myReviewApi = api.enhanceEndpoints({ addTagTypes: ['MyReview'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /product/{id}/reviews/mine: the shopper's review (any status) and whether they may write one. */
    getMyReview: build.query<MyReviewResponse['data'], MyReviewArgs>({
      query: ({ id }) => `${path(id)}/mine`,
      transformResponse: (answer: MyReviewResponse) => answer.data,
      providesTags: (_result, _error, { id }) => [{ type: 'MyReview', id }],
    }),
    /** POST /product/{id}/reviews: 201 with the review, pending. */
    createReview: build.mutation<OwnReview, WriteReviewArgs>({
      query: ({ id, body }) => ({ url: path(id), method: 'POST', body }),
      transformResponse: (answer: OwnReviewResponse) => answer.data,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'MyReview', id }],
    }),
    /** PATCH /product/{id}/reviews/mine: the review changed and back to pending. */
    updateReview: build.mutation<OwnReview, WriteReviewArgs>({
      query: ({ id, body }) => ({ url: `${path(id)}/mine`, method: 'PATCH', body }),
      transformResponse: (answer: OwnReviewResponse) => answer.data,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'MyReview', id }],
    }),
  }),
});

export const { useListProductReviewsQuery } = reviewsApi;
export const { useGetMyReviewQuery, useCreateReviewMutation, useUpdateReviewMutation } = myReviewApi;
