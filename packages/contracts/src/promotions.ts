import { z } from 'zod';

import { dataSchema, IdSchema } from './common';

/**
 * An automatic promotion running now, as shoppers are told of it on the products it applies to
 * (issue #35: '10% off at checkout: Spring sale'). The cart is what decides: this only names it.
 */
export const AutomaticPromotionSchema = z.object({
  /** In the request's language. */
  name: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** A whole percent, or dollars. */
  value: z.number().positive(),
  /** The department keys and product ids it is limited to; both empty: every product. */
  departments: z.array(z.string()),
  products: z.array(IdSchema),
  /** Dollars of its products a cart needs (0: none). */
  minSubtotal: z.number().nonnegative(),
});
export type AutomaticPromotion = z.infer<typeof AutomaticPromotionSchema>;

/** `GET /api/promotions/automatic`: the automatic promotions running now, the one that started first first (the cart's tie rule). */
export const AutomaticPromotionsResponseSchema = dataSchema(z.array(AutomaticPromotionSchema));
export type AutomaticPromotionsResponse = z.infer<typeof AutomaticPromotionsResponseSchema>;

