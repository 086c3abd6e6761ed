/*
 * The anti-forgery pair (spec section 7): at sign-in the API sets a readable cookie, and every
 * write under /api/admin must send its value back in a header (the guard refuses one without it:
 * 403 XSRF_TOKEN_INVALID). Plain constants, no Zod: the storefront's bundle reads them.
 */

/** The readable cookie holding the token. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** The header that carries it back (header names are case-insensitive; Node hands them over lower-cased). */
export const XSRF_HEADER = 'x-xsrf-token';
