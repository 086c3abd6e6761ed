import { automaticPromotionOf } from '@dukkan/contracts/promotion-match';
import type { AutomaticPromotion } from '@dukkan/contracts/promotions';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

import { SentenceWithAmount } from './price';

/*
 * The automatic promotion a product is part of, named on its card and its page (issue #35):
 * '10% off at checkout: Spring sale'. The main layout provides the running promotions (from the
 * catalog feature, read with the departments while the page is rendered); components stay free
 * of features (docs/decisions/0010). The cart is what applies one: this only names it.
 */

const ProductPromotionsContext = createContext<readonly AutomaticPromotion[]>([]);

export const ProductPromotionsProvider = ProductPromotionsContext.Provider;

/** '10% off at checkout: Spring sale' for a product an automatic promotion covers; nothing otherwise. */
export function ProductPromotion({ product, className }: { product: { _id: string; category?: string }; className?: string }) {
  const { t } = useTranslation('catalog');
  const promotion = automaticPromotionOf(useContext(ProductPromotionsContext), product);
  if (!promotion) return null;
  return (
    <p className={className}>
      {promotion.kind === 'percent' ? (
        t('product.percentOffAtCheckout', { value: promotion.value, name: promotion.name })
      ) : (
        <SentenceWithAmount amount={promotion.value} sentence={(amount) => t('product.amountOffAtCheckout', { amount, name: promotion.name })} />
      )}
    </p>
  );
}
