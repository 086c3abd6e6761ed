import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { AddToWishBodySchema, WishListResponseSchema, WishProductParamsSchema } from '@dukkan/contracts/wish';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import { currentUser, requireUser } from '../../lib/auth';
import { acceptEmptyJsonBodies } from '../../lib/empty-body';
import { requestLanguage } from '../../lib/language';

import { addToWishList, getWishList, removeFromWishList } from './service';

interface WishlistRoutesOptions {
  db: Database;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const security = [{ token: [] }];

/**
 * The wish list (spec sections 6 and 7): signed-in shoppers only (`token`; a guest's `token2`
 * does not count). Every answer is the whole list, newest first.
 */
export const wishlistRoutes: FastifyPluginAsyncZod<WishlistRoutesOptions> = async (app, { db }) => {
  acceptEmptyJsonBodies(app);
  // Every answer, errors included, is about one shopper: never stored by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Before the body is read: a guest learns nothing from validation messages.
  app.addHook('onRequest', requireUser);

  app.get(
    '/wish',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'One’s wish list, newest first',
        security,
        response: { 200: WishListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getWishList(db, currentUser(request).id, requestLanguage(request)) }),
  );

  app.post(
    '/wish/:productId',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to one’s wish list (once; the body’s `id` is ignored)',
        security,
        params: WishProductParamsSchema,
        body: AddToWishBodySchema,
        response: { 200: WishListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await addToWishList(db, currentUser(request).id, request.params.productId, requestLanguage(request)),
    }),
  );

  app.patch(
    '/wish/:productId',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a product from one’s wish list (no body)',
        security,
        params: WishProductParamsSchema,
        response: { 200: WishListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await removeFromWishList(db, currentUser(request).id, request.params.productId, requestLanguage(request)),
    }),
  );
};
