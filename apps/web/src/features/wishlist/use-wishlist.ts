import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useSignedInUser } from '../../app/hooks';
import type { ActionProduct, ProductActions } from '../../components/product-actions';
import { errorMessageOf } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useLanguage } from '../../lib/use-language';

import { showSignInToast } from './sign-in-toast';
import { type WishArgs, useAddToWishListMutation, useGetWishListQuery, useRemoveFromWishListMutation } from './wish-api';

/** The wish-list query's arguments, or `null` for a guest (the list is for signed-in shoppers). */
export function useWishArgs(): WishArgs | null {
  const lng = useLanguage();
  const user = useSignedInUser();
  return useMemo(() => (user ? { lng, owner: user.id } : null), [lng, user]);
}

/** The signed-in shopper's wish list; nothing is requested for a guest (spec section 6). */
export function useWishList() {
  const args = useWishArgs();
  return useGetWishListQuery(args ?? skipToken);
}

/**
 * The wish-list half of the product buttons. The heart of a product in the list is filled and
 * removes it; an outlined heart adds it, with the toast 'Added to wishlist' shown at once (spec
 * section 8: when the add is triggered, not after the server confirms). A guest is asked to sign
 * in, with a link to /login that brings them back.
 */
export function useWishlistProductActions(): Pick<ProductActions, 'isInWishlist' | 'toggleWishlist'> {
  const { t } = useTranslation('catalog');
  const args = useWishArgs();
  const { data } = useGetWishListQuery(args ?? skipToken);
  const [add] = useAddToWishListMutation();
  const [remove] = useRemoveFromWishListMutation();
  const navigate = useNavigate();
  const location = useLocation();
  // Products with a change in flight: a second click waits for the first to be answered.
  const pending = useRef(new Set<string>());

  const ids = useMemo(() => new Set(data?.items.map((item) => item.product._id)), [data]);
  const isInWishlist = useCallback((productId: string) => ids.has(productId), [ids]);

  const toggleWishlist = useCallback(
    (product: ActionProduct) => {
      if (!args) {
        const from = `${location.pathname}${location.search}`;
        void showSignInToast(t('product.wishlistSignIn'), t('product.signIn'), () => void navigate('/login', { state: { from } }));
        return;
      }
      if (pending.current.has(product._id)) return;
      pending.current.add(product._id);
      const removing = ids.has(product._id);
      if (!removing) void notify('blank', t('product.addedToWishlist'), { id: `wishlist-${product._id}` });
      const change = { ...args, productId: product._id };
      void (removing ? remove(change) : add(change)).then((result) => {
        pending.current.delete(product._id);
        if ('error' in result) void notify('error', errorMessageOf(result.error) ?? t('product.wishlistFailed'));
        else if (removing) void notify('blank', t('product.removedFromWishlist'), { id: `wishlist-${product._id}` });
      });
    },
    [add, args, ids, location.pathname, location.search, navigate, remove, t],
  );

  return { isInWishlist, toggleWishlist };
}
