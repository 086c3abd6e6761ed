import { createAction } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule, QueryStatus, reactHooksModule } from '@reduxjs/toolkit/query/react';

import { baseQuery } from './base-query';

/**
 * The server's RTK Query cache, handed to the browser in the page (app/ssr-state.ts) and put in
 * the store before the page hydrates (RTK Query's documented SSR rehydration): the browser shows
 * the server's data without fetching it again.
 */
export const serverDataReceived = createAction<{ api: unknown; receivedAt: number }>('ssr/serverDataReceived');

/**
 * The server's settled queries dated `receivedAt`: the server leaves the times out, so that a page
 * renders to the same HTML each time (ssr/entry-server.tsx), and RTK Query counts a query with
 * no time of fulfilment as never fetched.
 */
function dated(handed: unknown, receivedAt: number): unknown {
  if (typeof handed !== 'object' || handed === null || !('queries' in handed)) return handed;
  const queries = (handed as { queries: Record<string, Record<string, unknown> | undefined> }).queries;
  const entries = Object.entries(queries).map(([key, entry]): [string, Record<string, unknown> | undefined] => [
    key,
    entry && { ...entry, startedTimeStamp: receivedAt, ...(entry.status === QueryStatus.fulfilled ? { fulfilledTimeStamp: receivedAt } : {}) },
  ]);
  return { ...handed, queries: Object.fromEntries(entries) };
}

/*
 * On the server (`import.meta.env.SSR`, a constant Vite replaces) the hooks start their queries
 * while rendering, as effects never run there: entry-server.tsx renders, waits for the queries a
 * render started and renders again until nothing new is asked for. In the browser they start in
 * effects, as usual.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: import.meta.env.SSR }));

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
  extractRehydrationInfo(action, { reducerPath }) {
    if (!serverDataReceived.match(action) || reducerPath !== 'api') return undefined;
    // The payload is this same API's state as the server's store held it (entry-server.tsx);
    // RTK Query's types cannot name it here, inside its own definition.
    return dated(action.payload.api, action.payload.receivedAt) as never;
  },
});
