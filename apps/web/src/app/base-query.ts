import { readCookie } from '@dukkan/contracts/cookies';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';
import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';

import { selectUserToken, sessionEnded } from '../features/auth/auth-slice';
import { errorCodeOf } from '../lib/api-error';
import { toShopLanguage } from '../lib/direction';
import { forgetGuestCartToken, readGuestCartToken } from '../lib/guest-cart-token';

/** The part of the store the base query reads: the auth slice, through its own selector. */
type AuthState = Parameters<typeof selectUserToken>[0];

/**
 * The shared HTTP client (spec section 7): same-origin `/api`, JSON, no timeout. Every call
 * carries the language (`lng`, unless the endpoint already set it from its arguments), the
 * anti-forgery header `X-XSRF-TOKEN` copied from the `XSRF-TOKEN` cookie when the API has set
 * one, the signed-in user's `token` (from the auth slice), or else the guest cart's `token2`.
 * `fetchBaseQuery` adds `Content-Type: application/json` to every request with a JSON body;
 * body-less requests get none, so the API never has to read an empty JSON body.
 */
function createRawBaseQuery(transport?: ApiTransport) {
  return fetchBaseQuery({
    baseUrl: transport?.baseUrl ?? '/api',
    ...(transport ? { fetchFn: transport.fetchFn } : {}),
    prepareHeaders: (headers, { getState }) => {
      headers.set('Accept', 'application/json');
      if (!headers.has('lng')) {
        headers.set('lng', toShopLanguage(i18next.resolvedLanguage ?? i18next.language));
      }
      const xsrfToken = readCookie(XSRF_COOKIE);
      if (xsrfToken) headers.set(XSRF_HEADER, xsrfToken);
      const userToken = selectUserToken(getState() as AuthState);
      if (userToken) {
        headers.set('token', userToken);
      } else {
        const guestCart = readGuestCartToken();
        if (guestCart) headers.set('token2', guestCart);
      }
      return headers;
    },
  });
}

/**
 * How the store reaches the API. The browser uses its own `fetch` and `/api`; a store made on
 * the server for one page (entry-server.tsx) is given one, through the thunk's extra argument:
 * the API answers in the same process, and the URL must be absolute.
 */
export interface ApiTransport {
  /** The API's base, e.g. `http://127.0.0.1:3000/api`. */
  baseUrl: string;
  fetchFn: typeof fetch;
}

/** The thunk's extra argument of the store (app/store.ts). */
export interface StoreExtra {
  transport?: ApiTransport;
}

const browserQuery = createRawBaseQuery();
const transportQueries = new WeakMap<ApiTransport, ReturnType<typeof createRawBaseQuery>>();

function rawQueryFor(extra: unknown): ReturnType<typeof createRawBaseQuery> {
  const transport = (extra as StoreExtra | undefined)?.transport;
  if (!transport) return browserQuery;
  let query = transportQueries.get(transport);
  if (!query) {
    query = createRawBaseQuery(transport);
    transportQueries.set(transport, query);
  }
  return query;
}

/** A `token2` the API does not accept (forged, expired, cleaned up, merged). */
function isRefusedGuestCart(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 401 && errorCodeOf(error) === 'INVALID_GUEST_CART';
}

/**
 * The base query of the one `createApi`. When a request that carried the shopper's token is
 * answered 401 (expired, ended by a password change elsewhere, user deleted), the shopper is
 * signed out cleanly: `sessionEnded` returns the header to guest, and the store's listener
 * removes the token and resets RTK Query's cache. A 401 to a request without a token (a wrong
 * password at sign-in) signs no one out.
 *
 * When the server refuses a guest's `token2` (expired, cleaned up, already merged), the client
 * drops it and sends the request again without it: a cart read answers an empty cart, an add
 * starts a fresh guest cart. It never touches a signed-in shopper's session.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const sentToken = selectUserToken(queryApi.getState() as AuthState);
  const sentGuestCart = sentToken ? null : readGuestCartToken();
  const rawBaseQuery = rawQueryFor(queryApi.extra);
  let result = await rawBaseQuery(args, queryApi, extraOptions);
  if (sentGuestCart && isRefusedGuestCart(result.error)) {
    if (readGuestCartToken() === sentGuestCart) forgetGuestCartToken();
    result = await rawBaseQuery(args, queryApi, extraOptions);
  }
  if (result.error?.status === 401 && sentToken) {
    // Only if no newer sign-in replaced the token while this request was in flight.
    const current = selectUserToken(queryApi.getState() as AuthState);
    if (current === sentToken) queryApi.dispatch(sessionEnded());
  }
  return result;
};
