import { configureStore } from '@reduxjs/toolkit';

import { adminApi } from './api';

/** A new store: one in the browser, one per test. */
export function createStore() {
  return configureStore({
    reducer: { [adminApi.reducerPath]: adminApi.reducer },
    middleware: (getDefault) => getDefault().concat(adminApi.middleware),
  });
}
export type AdminStore = ReturnType<typeof createStore>;
