import { z } from 'zod';

import { IdSchema, dataSchema } from './common';

/** A wish-list entry's product (spec section 3), in the request's language. */
export const WishProductSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  thumbnail: z.string(),
  description: z.string(),
  /** The current catalog price in dollars. */
  price: z.number().nonnegative(),
  /** Units in stock now (0: 'Move To Cart' cannot succeed). */
  quantity: z.number().int().nonnegative(),
});
export type WishProduct = z.infer<typeof WishProductSchema>;

export const WishItemSchema = z.object({
  product: WishProductSchema,
  /** When it was added; the list is newest first. */
  addedAt: z.iso.datetime(),
});
export type WishItem = z.infer<typeof WishItemSchema>;

/** `GET /api/wish` and the answers of `POST`/`PATCH /api/wish/{productId}`: the whole list. */
export const WishListSchema = z.object({ items: z.array(WishItemSchema) });
export type WishList = z.infer<typeof WishListSchema>;

export const WishListResponseSchema = dataSchema(WishListSchema);
export type WishListResponse = z.infer<typeof WishListResponseSchema>;

export const WishProductParamsSchema = z.object({ productId: IdSchema });
export type WishProductParams = z.infer<typeof WishProductParamsSchema>;

/**
 * `POST /api/wish/{productId}`: the spec's client sends `{ id }`; the path is what counts. Nullish:
 * Fastify validates a missing body as `null`.
 */
export const AddToWishBodySchema = z.object({ id: z.string().max(100).optional() }).nullish();
export type AddToWishBody = z.input<typeof AddToWishBodySchema>;
