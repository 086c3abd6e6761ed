import { ErrorResponseSchema } from '@dukkan/contracts/common';
import {
  AdminReviewListQuerySchema,
  AdminReviewListResponseSchema,
  AdminReviewResponseSchema,
  RejectReviewBodySchema,
  ReviewParamsSchema,
} from '@dukkan/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import type { CatalogWatcher } from '../../../lib/catalog-version';
import { acceptEmptyJsonBodies } from '../../../lib/empty-body';
import type { OutboxWorker } from '../../../mail/outbox';
import { listAdminReviews, moderateReview, type Moderation } from '../../reviews/moderation';
import { auditActorOf } from '../audit/record';
import { requireStaff } from '../guard';

export interface AdminReviewRoutesOptions {
  db: Database;
  outbox: Pick<OutboxWorker, 'wake'>;
  publicUrl: string;
  /** Told after each moderation, so this process's caches follow it at once. */
  catalog?: Pick<CatalogWatcher, 'check'>;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/**
 * Moderation of shoppers' reviews under `/api/admin` (issue #36): owner and support (catalog
 * 403, no session 401), answers `no-store` (the guard). Approving or rejecting tells the shopper
 * by mail and is in the audit log.
 */
export const adminReviewRoutes: FastifyPluginAsyncZod<AdminReviewRoutesOptions> = async (app, { db, outbox, publicUrl, catalog }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', requireStaff(db, ['owner', 'support']));

  const moderate = async (id: string, decision: Moderation['decision'], actor: Moderation['actor']) => {
    const { review, changed } = await moderateReview(db, id, { decision, actor, publicUrl });
    if (changed) {
      outbox.wake();
      await catalog?.check();
    }
    return { data: review };
  };

  app.get(
    '/reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews: pending first, oldest first; by status and product',
        querystring: AdminReviewListQuerySchema,
        response: { 200: AdminReviewListResponseSchema, ...errors },
      },
    },
    (request) => listAdminReviews(db, request.query),
  );

  app.post(
    '/reviews/:id/approve',
    {
      schema: { tags: ['admin'], summary: 'Publish a review (no body); the shopper is told', params: ReviewParamsSchema, response: { 200: AdminReviewResponseSchema, ...errors } },
    },
    (request) => moderate(request.params.id, { status: 'approved' }, auditActorOf(request)),
  );

  app.post(
    '/reviews/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refuse a review with the reason the shopper is told; it is never shown',
        params: ReviewParamsSchema,
        body: RejectReviewBodySchema,
        response: { 200: AdminReviewResponseSchema, ...errors },
      },
    },
    (request) => moderate(request.params.id, { status: 'rejected', reason: request.body.reason }, auditActorOf(request)),
  );
};
