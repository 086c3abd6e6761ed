import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';

import { readCookie } from '../lib/cookies';
import { toShopLanguage } from '../lib/direction';

/** The part of the store the base query reads (typed structurally to keep the store out of here). */
interface AuthHeadersState {
  auth?: { userToken?: string | null };
}

/**
 * The shared HTTP client (spec section 7): same-origin `/api`, JSON, no timeout. Every call
 * carries the language (`lng`, unless the endpoint already set it from its arguments), the
 * anti-forgery header `X-XSRF-TOKEN` copied from the `XSRF-TOKEN` cookie when the API has set
 * one, and the signed-in user's `token`. `fetchBaseQuery` adds `Content-Type: application/json`
 * to every request with a JSON body; body-less requests get none, so the API never has to read
 * an empty JSON body.
 */
export const baseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    headers.set('Accept', 'application/json');
    if (!headers.has('lng')) {
      headers.set('lng', toShopLanguage(i18next.resolvedLanguage ?? i18next.language));
    }
    const xsrfToken = readCookie('XSRF-TOKEN');
    if (xsrfToken) headers.set('X-XSRF-TOKEN', xsrfToken);
    const userToken = (getState() as AuthHeadersState).auth?.userToken;
    if (userToken) headers.set('token', userToken);
    return headers;
  },
});
