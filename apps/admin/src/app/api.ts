import { readCookie } from '@dukkan/contracts/cookies';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';


/** The API's base: absolute, so the same code runs in the browser and under jsdom. */
function apiBase(): string {
  return typeof window === 'undefined' ? '/api' : `${window.location.origin}/api`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase(),
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    // Every write under /api/admin needs it (the guard refuses one without it: 403); reads ignore it.
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    return headers;
  },
});

/** The session's own calls (session-api.ts): a 401 from one of them is their answer, not an ended session. */
const SESSION_CALLS: ReadonlySet<string> = new Set(['getSession', 'signIn', 'setup', 'requestPasswordReset', 'confirmPasswordReset']);

/**
 * A 401 on anything but the session's own calls means the session ended (sign-out elsewhere, a
 * role change, 12 idle hours): the session is asked again, and the guard sends to sign-in.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && !SESSION_CALLS.has(api.endpoint)) {
    api.dispatch(adminApi.util.invalidateTags(['Session']));
  }
  return result;
};

/**
 * The back office's one client of the API: RTK Query over `/api`. It defines no endpoints itself:
 * each area injects its own (`adminApi.injectEndpoints` in `api/<area>-api.ts`), as the
 * storefront's features do, and a screen takes its hooks from the area's file. Every tag is
 * declared here, because one area's writes make another's data stale (an order action: the
 * customer, the figures and the audit log).
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  tagTypes: ['Session', 'Product', 'Products', 'Ledger', 'Staff', 'Settings', 'Orders', 'Order', 'Customers', 'Customer', 'Stats', 'Audit', 'Promotions', 'Promotion', 'Reviews'],
  endpoints: () => ({}),
});

/** The query string of a list: the page and size, and each filter that has a value (trimmed). */
export function paramsOf<Args extends { page: number; pageSize: number }>(args: Args, keys: readonly (keyof Args & string)[]): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' && value.trim()) params[key] = value.trim();
  }
  return params;
}
