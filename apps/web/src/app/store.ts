import { combineSlices, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import i18next from 'i18next';

import { authSlice, loggedOut, sessionEnded, signInSucceeded, tokenReplaced } from '../features/auth/auth-slice';
import { forgetToken, saveToken } from '../features/auth/token-storage';
import { checkOutSlice, checkoutCleared } from '../features/checkout/checkout-slice';
import { paymentScriptSlice } from '../features/checkout/payment-script-slice';
import { forgetGuestCartToken } from '../lib/guest-cart-token';
import { notify } from '../lib/notify';

import { api } from './api';

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
function sessionListeners() {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    actionCreator: signInSucceeded,
    effect: (action) => {
      saveToken(action.payload.token);
      // The server merged the guest cart into the shopper's in the sign-in request itself.
      forgetGuestCartToken();
      const capped = action.payload.cart?.capped ?? [];
      if (capped.length > 0) {
        void notify('blank', i18next.t('cartCapped', { titles: capped.map((line) => line.title).join(', ') }), { duration: 8000 });
      }
    },
  });
  listeners.startListening({
    actionCreator: tokenReplaced,
    effect: (action) => saveToken(action.payload),
  });
  listeners.startListening({
    actionCreator: sessionEnded,
    effect: () => void notify('error', i18next.t('sessionEnded')),
  });
  listeners.startListening({
    matcher: isAnyOf(loggedOut, sessionEnded),
    effect: (_action, listenerApi) => {
      forgetToken();
      listenerApi.dispatch(api.util.resetApiState());
      listenerApi.dispatch(checkoutCleared());
    },
  });
  return listeners.middleware;
}

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(sessionListeners()).concat(api.middleware),
    preloadedState,
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
