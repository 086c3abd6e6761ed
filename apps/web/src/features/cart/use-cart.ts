import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useSignedInUser } from '../../app/hooks';
import type { ActionProduct, ProductActions } from '../../components/product-actions';
import { errorMessageOf } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useHydrated } from '../../lib/use-hydrated';
import { useLanguage } from '../../lib/use-language';

import { type CartArgs, useAddToCartMutation, useGetCartQuery } from './cart-api';

/** The cart query's arguments for this page: the language and whose cart it is. */
export function useCartArgs(): CartArgs {
  const lng = useLanguage();
  const user = useSignedInUser();
  return { lng, owner: user?.id ?? 'guest' };
}

/**
 * The shopper's cart (spec section 4): loaded when the header mounts and again when the
 * language changes (the language is part of the query's arguments). Never on the server: it
 * belongs to the browser's session (the stored token), so it loads once the page has hydrated.
 */
export function useCart() {
  const hydrated = useHydrated();
  return useGetCartQuery(useCartArgs(), { skip: !hydrated });
}

/**
 * The cart half of the product buttons: adds, then says so ('Product added to the cart
 * successfully') or says why not (e.g. 'Only 3 left in stock').
 */
export function useCartProductActions(): Pick<ProductActions, 'addToCart'> {
  const { t } = useTranslation('catalog');
  const [addToCart] = useAddToCartMutation();
  const add = useCallback(
    async (product: ActionProduct, quantity: number): Promise<boolean> => {
      const result = await addToCart({ productId: product._id, quantity });
      if ('error' in result) {
        void notify('error', errorMessageOf(result.error) ?? t('product.addFailed'));
        return false;
      }
      void notify('success', t('product.addedToCart'));
      return true;
    },
    [addToCart, t],
  );
  return { addToCart: add };
}
