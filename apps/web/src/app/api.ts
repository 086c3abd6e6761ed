import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQuery } from './base-query';

/**
 * The one RTK Query API of the shop. It defines no endpoints itself: each feature injects its
 * own (`api.injectEndpoints` in `features/<f>/*-api.ts`), so a route's code loads with the route.
 * Features that need more tag types add them with `api.enhanceEndpoints({ addTagTypes })`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Category', 'Product', 'Subcategory'],
  endpoints: () => ({}),
});
