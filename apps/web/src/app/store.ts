import { combineSlices, configureStore } from '@reduxjs/toolkit';

import { authSlice } from '../features/auth/auth-slice';
import { checkOutSlice } from '../features/checkout/checkout-slice';

import { api } from './api';

/*
 * Where the spec's client state areas (section 3) live:
 * - server data in RTK Query (`api`, one cache keyed by arguments incl. language):
 *   products, productsCat, categories, subCategories -> features/catalog/catalog-api.ts;
 *   cart, wishList, orders (pastOrders, comingOrders), oneOrder, user, address -> endpoints
 *   the cart, wishlist, orders and profile features inject in their issues;
 * - client state in slices: auth (+ login) -> features/auth/auth-slice.ts,
 *   checkOut -> features/checkout/checkout-slice.ts;
 * - the language is i18next's (cookie `i18next`), not Redux state.
 */
const rootReducer = combineSlices(api, authSlice, checkOutSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
    preloadedState,
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
