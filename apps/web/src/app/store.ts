import { joinParts } from '@dukkan/contracts/format';
import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import i18next from 'i18next';

import { authSlice, loggedOut, sessionEnded, signInSucceeded, tokenReplaced } from '../features/auth/auth-slice';
import { forgetToken, saveToken } from '../features/auth/token-storage';
import { checkOutSlice, checkoutCleared } from '../features/checkout/checkout-slice';
import { paymentScriptSlice } from '../features/checkout/payment-script-slice';
import { toShopLanguage } from '../lib/direction';
import { forgetGuestCartToken } from '../lib/guest-cart-token';
import { notify } from '../lib/notify';

import { api } from './api';
import type { StoreExtra } from './base-query';

/*
 * Where the spec's client state areas (section 3) live:
 * - server data in RTK Query (`api`, one cache keyed by arguments incl. language):
 *   products, productsCat, categories, subCategories -> features/catalog/catalog-api.ts;
 *   user, address -> features/profile/users-api.ts; cart, wishList, orders (pastOrders,
 *   comingOrders), oneOrder -> endpoints the cart, wishlist and orders features inject;
 * - client state in slices: auth (+ login) -> features/auth/auth-slice.ts,
 *   checkOut -> features/checkout/checkout-slice.ts; the payment-script loading state (spec
 *   section 4) -> features/checkout/payment-script-slice.ts;
 * - the language is i18next's (cookie `i18next`), not Redux state.
 */
const rootReducer = combineSlices(api, authSlice, checkOutSlice, paymentScriptSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The session's side effects, kept out of the reducers: a new token is saved where the spec
 * keeps it (`token`) and the guest cart's identity (`token2`) is dropped, since signing in merged
 * that cart into the shopper's; signing out — by the Logout button or because the server refused the
 * token — forgets it, empties RTK Query's cache and clears the checkout (the chosen address, the
 * order draft), so nothing of the previous shopper stays.
 */
function sessionEffects(): Middleware {
  // A plain middleware: four fixed reactions need none of the listener middleware's machinery.
  return (store) => (next) => (action) => {
    const result = next(action);
    if (signInSucceeded.match(action)) {
      saveToken(action.payload.token);
      // The server merged the guest cart into the shopper's in the sign-in request itself.
      forgetGuestCartToken();
      const capped = action.payload.cart?.capped ?? [];
      if (capped.length > 0) {
        const titles = joinParts(
          capped.map((line) => line.title),
          toShopLanguage(i18next.resolvedLanguage ?? i18next.language),
        );
        void notify('blank', i18next.t('cartCapped', { titles }), { duration: 8000 });
      }
    } else if (tokenReplaced.match(action)) {
      saveToken(action.payload);
    }
    if (sessionEnded.match(action)) void notify('error', i18next.t('sessionEnded'));
    if (loggedOut.match(action) || sessionEnded.match(action)) {
      forgetToken();
      store.dispatch(api.util.resetApiState());
      store.dispatch(checkoutCleared());
    }
    return result;
  };
}

/**
 * The store of a page. `extra` is the thunk's extra argument: on the server, how RTK Query reaches
 * the API in the same process (base-query.ts).
 */
export function createAppStore(preloadedState?: Partial<RootState>, extra: StoreExtra = {}) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } }).prepend(sessionEffects()).concat(api.middleware),
    preloadedState,
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
