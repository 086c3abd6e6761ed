import { ErrorResponseSchema, LanguageSchema } from '@dukkan/contracts/common';
import {
  MyReviewResponseSchema,
  OwnReviewResponseSchema,
  ReviewBodySchema,
  ReviewListQuerySchema,
  ReviewPageResponseSchema,
  ReviewParamsSchema,
} from '@dukkan/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../db/client';
import { currentUser, requireUser } from '../../lib/auth';
import type { CatalogWatcher } from '../../lib/catalog-version';
import { acceptEmptyJsonBodies } from '../../lib/empty-body';
import { requestLanguage } from '../../lib/language';
import { CATALOG_CACHE, type ResponseCache } from '../../lib/response-cache';

import { editReview, listReviews, myReview, removeReview, writeReview } from './service';

interface ReviewRoutesOptions {
  db: Database;
  cache: ResponseCache;
  /** Told after a shopper's edit or removal (a catalog write), so this process's caches follow it at once. */
  catalog?: Pick<CatalogWatcher, 'check'>;
}

const lngQuery = LanguageSchema.optional().describe('The page’s language: its reviews come first (else the i18next cookie, else en)');
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };
const security = [{ token: [] }];

/**
 * A product's reviews (issue #36): the approved ones for everyone, cached like the catalog (every
 * moderation raises the catalog's version); the signed-in shopper's own, written only after a
 * delivered order line of the product, `no-store` (requireUser).
 */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { db, cache, catalog }) => {
  acceptEmptyJsonBodies(app);

  app.get(
    '/product/:id/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product’s approved reviews, the page’s language first, with their average, count and stars',
        params: ReviewParamsSchema,
        querystring: ReviewListQuerySchema.extend({ lng: lngQuery }),
        response: { 200: ReviewPageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      const { id } = request.params;
      const { sort, page } = request.query;
      return cache.send(request, reply, `reviews:${id}:${lng}:${sort}:${page}`, CATALOG_CACHE, ReviewPageResponseSchema, () => listReviews(db, id, lng, sort, page));
    },
  );

  app.get(
    '/product/:id/reviews/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['catalog'],
        summary: 'One’s own review of the product, in any status, and whether one may write one',
        security,
        params: ReviewParamsSchema,
        response: { 200: MyReviewResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await myReview(db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/product/:id/reviews',
    {
      onRequest: requireUser,
      schema: {
        tags: ['catalog'],
        summary: 'Review a product one received (a delivered order line): pending until staff approve it',
        security,
        params: ReviewParamsSchema,
        body: ReviewBodySchema,
        response: { 201: OwnReviewResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await writeReview(db, currentUser(request).id, request.params.id, requestLanguage(request), request.body);
      return reply.code(201).send({ data: review });
    },
  );

  app.patch(
    '/product/:id/reviews/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['catalog'],
        summary: 'Rewrite one’s review: it goes back to staff before it is shown again',
        security,
        params: ReviewParamsSchema,
        body: ReviewBodySchema,
        response: { 200: OwnReviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const review = await editReview(db, currentUser(request).id, request.params.id, requestLanguage(request), request.body);
      await catalog?.check();
      return { data: review };
    },
  );

  app.delete(
    '/product/:id/reviews/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['catalog'],
        summary: 'Remove one’s review of the product',
        security,
        params: ReviewParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await removeReview(db, currentUser(request).id, request.params.id);
      await catalog?.check();
      return reply.code(204).send(null);
    },
  );
};
