import {
  CreatePromotionBodySchema,
  PromotionListQuerySchema,
  PromotionListResponseSchema,
  PromotionOrdersResponseSchema,
  PromotionParamsSchema,
  PromotionResponseSchema,
  UpdatePromotionBodySchema,
} from '@dukkan/contracts/admin-promotions';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { createPromotion, deactivatePromotion, getPromotion, listPromotions, promotionOrders, updatePromotion } from '../../promotions/admin';
import { auditActorOf } from '../audit/record';
import { requireStaff } from '../guard';

export interface AdminPromotionRoutesOptions {
  db: Database;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/**
 * The back office's promotions under `/api/admin` (issue #35, decision 0059): owner and catalog
 * staff only (support 403, no session 401), answers `no-store` (the guard).
 */
export const adminPromotionRoutes: FastifyPluginAsyncZod<AdminPromotionRoutesOptions> = async (app, { db }) => {
  app.addHook('onRequest', requireStaff(db, ['owner', 'catalog']));

  app.get(
    '/promotions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Promotions, newest first, by status and by part of a code or name',
        querystring: PromotionListQuerySchema,
        response: { 200: PromotionListResponseSchema, ...errors },
      },
    },
    (request) => listPromotions(db, request.query),
  );

  app.post(
    '/promotions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a promotion: a code, or none for an automatic one',
        body: CreatePromotionBodySchema,
        response: { 201: PromotionResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createPromotion(db, request.body, auditActorOf(request)) }),
  );

  app.get(
    '/promotions/:id',
    {
      schema: { tags: ['admin'], summary: 'One promotion, with its uses and status', params: PromotionParamsSchema, response: { 200: PromotionResponseSchema, ...errors } },
    },
    async (request) => ({ data: await getPromotion(db, request.params.id) }),
  );

  app.patch(
    '/promotions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change any of a promotion’s fields (its code and kind only until an order used it)',
        params: PromotionParamsSchema,
        body: UpdatePromotionBodySchema,
        response: { 200: PromotionResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await updatePromotion(db, request.params.id, request.body, auditActorOf(request)) }),
  );

  app.delete(
    '/promotions/:id',
    {
      schema: { tags: ['admin'], summary: 'Deactivate a promotion (orders keep theirs)', params: PromotionParamsSchema, response: { 200: PromotionResponseSchema, ...errors } },
    },
    async (request) => ({ data: await deactivatePromotion(db, request.params.id, auditActorOf(request)) }),
  );

  app.get(
    '/promotions/:id/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'The orders that used a promotion, with their discounts and the total given',
        params: PromotionParamsSchema,
        response: { 200: PromotionOrdersResponseSchema, ...errors },
      },
    },
    (request) => promotionOrders(db, request.params.id),
  );
};
