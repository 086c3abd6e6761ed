import { AddToCartBodySchema, ApplyPromoBodySchema, CartProductParamsSchema, CartResponseSchema, SetQuantityBodySchema } from '@dukkan/contracts/cart';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import type { CreationLimiter } from '../../lib/creation-limiter';
import { acceptEmptyJsonBodies } from '../../lib/empty-body';
import { requestLanguage } from '../../lib/language';

import { cartOwnerOf, identifyCartOwner } from './cart-owner';
import { addToCart, applyPromoCode, getCart, removeFromCart, removePromoCode, setCartQuantity, type CartContext } from './service';

interface CartRoutesOptions {
  db: Database;
  /** New guest carts per client address (`GUEST_CART_LIMIT`). */
  creationLimiter: CreationLimiter;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
/** Either header: the shopper's `token`, or a guest's `token2` (decision 0013). */
const security: Record<string, string[]>[] = [{ token: [] }, { token2: [] }, {}];

/**
 * The cart (spec section 7), for signed-in shoppers (`token`) and guests (`token2`); every answer
 * is the whole cart. Rules and transactions are in service.ts, the reasons in decision 0013.
 */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { db, creationLimiter }) => {
  app.decorateRequest('cartOwner', null);
  acceptEmptyJsonBodies(app);
  // Every answer, errors included, is about one cart: never stored by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', identifyCartOwner);

  const context = (request: Parameters<typeof requestLanguage>[0]): CartContext => ({ lng: requestLanguage(request), tokens: app.tokens });

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'The cart of the shopper (`token`) or guest (`token2`); empty with neither',
        security,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getCart(db, cartOwnerOf(request), context(request)) }),
  );

  app.post(
    '/cart/:productId',
    {
      schema: {
        tags: ['cart'],
        summary:
          'Add a product (quantity 1 without a body); with neither header, a new guest cart with its signed identity — at most `GUEST_CART_LIMIT` (default 600) per client address per 10 minutes, then 429',
        security,
        params: CartProductParamsSchema,
        body: AddToCartBodySchema,
        response: { 200: CartResponseSchema, ...errors, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request);
      // Only a request that starts a new guest cart counts; one that then creates none is given back.
      const giveBack = owner.kind === 'nobody' ? await creationLimiter.take('guestCart', request.ip) : null;
      const cart = await addToCart(db, owner, request.params.productId, request.body.quantity, context(request)).catch(async (error: unknown) => {
        await giveBack?.();
        throw error;
      });
      return { data: cart };
    },
  );

  app.post(
    '/cart/promo',
    {
      schema: {
        tags: ['cart'],
        summary: 'Enter a promo code: the cart with its promotion, or why the code does not apply (404 `PROMO_UNKNOWN`, 409 `PROMO_*`) and the cart unchanged',
        security,
        body: ApplyPromoBodySchema,
        response: { 200: CartResponseSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => ({ data: await applyPromoCode(db, cartOwnerOf(request), request.body.code, context(request)) }),
  );

  app.delete(
    '/cart/promo',
    {
      schema: {
        tags: ['cart'],
        summary: 'Take the promo code out of the cart (also when it holds none)',
        security,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await removePromoCode(db, cartOwnerOf(request), context(request)) }),
  );

  app.patch(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of a line of the cart',
        security,
        body: SetQuantityBodySchema,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await setCartQuantity(db, cartOwnerOf(request), request.body.productId, request.body.quantity, context(request)),
    }),
  );

  app.patch(
    '/cart/:productId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a product’s line from the cart (no body)',
        security,
        params: CartProductParamsSchema,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await removeFromCart(db, cartOwnerOf(request), request.params.productId, context(request)) }),
  );
};
