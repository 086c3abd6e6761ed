import { z } from 'zod';

import { IdSchema, dataSchema } from './common';
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from './limits';

export { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY };

/** Guest carts untouched this long are deleted by the clean-up. */
export const GUEST_CART_LIFETIME_DAYS = 30;

const QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}`;

/**
 * A line's quantity as a client sends it: a JSON integer from 1 to 99. Strings, fractions, null
 * and 0 are refused with one clear message; the stock limit is checked by the server against
 * the product ('Only 3 left in stock').
 */
export const QuantitySchema = z
  .number({ message: QUANTITY_MESSAGE })
  .int({ message: QUANTITY_MESSAGE })
  .min(MIN_LINE_QUANTITY, { message: QUANTITY_MESSAGE })
  .max(MAX_LINE_QUANTITY, { message: QUANTITY_MESSAGE });

/** The product of a cart line (spec section 3), in the request's language. */
export const CartProductSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  thumbnail: z.string(),
  description: z.string(),
  /** The current catalog price in dollars: the one price the cart, checkout and payment use. */
  price: z.number().nonnegative(),
  /** The compare-at price in dollars when the product is reduced, otherwise null. */
  listPrice: z.number().nonnegative().nullable(),
  /** Units in stock now: a line's quantity can rise to this (and at most 99). */
  quantity: z.number().int().nonnegative(),
  /** Name (the key) of the product's department, e.g. `Grocery`. */
  category: z.string(),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartLineSchema = z.object({
  product: CartProductSchema,
  quantity: z.number().int().min(MIN_LINE_QUANTITY).max(MAX_LINE_QUANTITY),
  /**
   * The price in dollars when the product was last added (spec section 3). Only used to tell the
   * shopper that the price changed since ('Price changed from $X'); amounts use `product.price`.
   */
  priceWhenAdded: z.number().nonnegative(),
  /** This line's share of the promotion that applies, in dollars (0 when none or not eligible). */
  discount: z.number().nonnegative(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** Why a promotion does not apply, as the API's 409/404 `code` names it (issue #35). */
export const PromoRefusalCodeSchema = z.enum([
  'PROMO_UNKNOWN',
  'PROMO_NOT_STARTED',
  'PROMO_EXPIRED',
  'PROMO_MIN_SUBTOTAL',
  'PROMO_NOT_APPLICABLE',
  'PROMO_USED_UP',
  'PROMO_ALREADY_USED',
]);
export type PromoRefusalCode = z.infer<typeof PromoRefusalCodeSchema>;

/** The promotion that applies to a cart: its code (null for an automatic one), its name in the request's language, and what it saves in dollars. */
export const CartPromotionSchema = z.object({
  code: z.string().nullable(),
  name: z.string(),
  amount: z.number().nonnegative(),
});
export type CartPromotion = z.infer<typeof CartPromotionSchema>;

/**
 * Why the code the shopper entered does not apply now. `removed`: the cart dropped the code in
 * this answer (it ended, was withdrawn, or the cart no longer qualifies) — shown once; otherwise
 * the cart keeps it (used up, or the shopper's own limit: a use may be freed) and applies none.
 * `missing`: for `PROMO_MIN_SUBTOTAL`, the dollars of the promotion's items still to add.
 */
export const PromoNoticeSchema = z.object({
  code: z.string(),
  reason: PromoRefusalCodeSchema,
  message: z.string(),
  removed: z.boolean(),
  missing: z.number().nonnegative().optional(),
});
export type PromoNotice = z.infer<typeof PromoNoticeSchema>;

/**
 * A cart as every cart endpoint answers it (`data`). `_id` and `userId` are absent when there is
 * no cart yet (a guest who has added nothing). For a guest cart `userId` is the guest's id and
 * `signature` proves the pair: the client keeps `token2` = JSON of `{ userId, cartId: _id,
 * signature }` and sends it back as the `token2` header.
 */
export const CartSchema = z.object({
  _id: IdSchema.optional(),
  userId: IdSchema.optional(),
  signature: z.string().optional(),
  items: z.array(CartLineSchema),
  /** Number of items: the sum of the lines' quantities (the header badge). */
  count: z.number().int().nonnegative(),
  /** Σ price × quantity in dollars, computed by the server from its current prices. */
  subtotal: z.number().nonnegative(),
  /** Σ (listPrice − price) × quantity in dollars over reduced products; 0 when none. Apart from `discount`. */
  savings: z.number().nonnegative(),
  /**
   * The one promotion that applies (issue #35): the code the shopper entered, or else the
   * automatic one that saves the most; null when none does.
   */
  promotion: CartPromotionSchema.nullable(),
  /** What the promotion takes off, in dollars: `promotion.amount`, 0 without one; Σ of the lines' `discount`. */
  discount: z.number().nonnegative(),
  /** Why the entered code does not apply (see PromoNoticeSchema); null when it does or none was entered. */
  promoNotice: PromoNoticeSchema.nullable(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartResponseSchema = dataSchema(CartSchema);
export type CartResponse = z.infer<typeof CartResponseSchema>;

/** `POST /api/cart/promo`: the code as the shopper typed it (matched ignoring case and surrounding spaces). */
export const ApplyPromoBodySchema = z.object({
  code: z.string({ message: 'code: enter a promo code' }).trim().min(1, { message: 'code: enter a promo code' }).max(64, { message: 'code: at most 64 characters' }),
});
export type ApplyPromoBody = z.infer<typeof ApplyPromoBodySchema>;

/** The `token2` header's value, parsed (spec section 3: JSON with userId and cartId). */
export const GuestCartTokenSchema = z.object({
  userId: IdSchema,
  cartId: IdSchema,
  signature: z.string().min(1).max(200),
});
export type GuestCartToken = z.infer<typeof GuestCartTokenSchema>;

export const CartProductParamsSchema = z.object({ productId: IdSchema });
export type CartProductParams = z.infer<typeof CartProductParamsSchema>;

/**
 * `POST /api/cart/{productId}`: a missing body (the spec's first guest add) means 1. Nullish, not
 * just optional: Fastify validates a missing body as `null`.
 */
export const AddToCartBodySchema = z
  .object({ quantity: QuantitySchema.optional().default(MIN_LINE_QUANTITY) })
  .nullish()
  .transform((body) => body ?? { quantity: MIN_LINE_QUANTITY });
export type AddToCartBody = z.input<typeof AddToCartBodySchema>;

/** `PATCH /api/cart`: sets one line's quantity. */
export const SetQuantityBodySchema = z.object({
  productId: IdSchema,
  quantity: QuantitySchema,
});
export type SetQuantityBody = z.infer<typeof SetQuantityBodySchema>;

/**
 * A line of the guest cart that could not be merged whole at sign-in: the shopper's cart now
 * holds `quantity` (the stock or 99), less than the `requested` sum of both carts.
 */
export const CappedLineSchema = z.object({
  productId: IdSchema,
  title: z.string(),
  requested: z.number().int().positive(),
  quantity: z.number().int().nonnegative(),
});
export type CappedLine = z.infer<typeof CappedLineSchema>;

/** What signing in did with the guest cart the request carried in `token2`. */
export const CartMergeSchema = z.object({
  /** Lines taken over from the guest cart (capped ones included). */
  merged: z.number().int().nonnegative(),
  capped: z.array(CappedLineSchema),
});
export type CartMerge = z.infer<typeof CartMergeSchema>;
