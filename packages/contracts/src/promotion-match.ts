// Types only: the storefront's first load reads this, and the schema modules' values bring zod.
import type { AutomaticPromotion } from './promotions';

/**
 * The automatic promotion a product is named with (issue #35): the first of `promotions` limited
 * to it or to its department, or to nothing. What the cart takes off is the cart's to say.
 */
export function automaticPromotionOf(promotions: readonly AutomaticPromotion[], product: { _id: string; category?: string }): AutomaticPromotion | undefined {
  const department = product.category?.toLowerCase();
  return promotions.find(
    (promotion) =>
      (promotion.departments.length === 0 && promotion.products.length === 0) ||
      promotion.products.includes(product._id) ||
      (department !== undefined && promotion.departments.some((name) => name.toLowerCase() === department)),
  );
}
