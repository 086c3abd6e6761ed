/**
 * Every `code` the API answers with an error, in one list: the API's error helpers only take
 * these, `ErrorResponseSchema` (common.ts) checks them, and clients compare against them with the compiler's
 * help. Adding an error means adding its code here.
 */
export const ERROR_CODES = [
  // Generic, by HTTP status (the error handler's fallbacks)
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  // Shoppers' accounts and sessions
  'SIGN_IN_REQUIRED',
  'INVALID_TOKEN',
  'INVALID_CREDENTIALS',
  'INVALID_CURRENT_PASSWORD',
  'CURRENT_PASSWORD_REQUIRED',
  'COMMON_PASSWORD',
  'EMAIL_TAKEN',
  'INVALID_RESET_LINK',
  'ADDRESS_NOT_FOUND',
  'DUPLICATE_ADDRESS',
  // Catalog, cart and wish list
  'PRODUCT_NOT_FOUND',
  'INVALID_GUEST_CART',
  'CART_LINE_NOT_FOUND',
  'DUPLICATE_LINE',
  'LINE_QUANTITY_LIMIT',
  'OUT_OF_STOCK',
  'NOT_ENOUGH_STOCK',
  // Orders and payments
  'ORDER_NOT_FOUND',
  'INVALID_ORDER_ID',
  'ORDER_NOT_PAYABLE',
  'ORDER_CANCELLED',
  'ORDER_ALREADY_PAID',
  'TOO_MANY_UNPAID_ORDERS',
  'CANNOT_ADVANCE',
  'CANNOT_CANCEL',
  'NOT_PAID',
  'MISSING_SIGNATURE',
  'INVALID_SIGNATURE',
  'INVALID_EVENT',
  'STALE_EVENT',
  // The back office
  'STAFF_SIGN_IN_REQUIRED',
  'XSRF_TOKEN_INVALID',
  'ROLE_FORBIDDEN',
  'STAFF_NOT_FOUND',
  'STAFF_DISABLED',
  'LAST_OWNER',
  'ALREADY_SET_UP',
  'SETUP_LINK_UNKNOWN',
  'SETUP_LINK_GONE',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_INVALID',
  'TWO_FACTOR_SETUP_REQUIRED',
  'TWO_FACTOR_REQUIRED_BY_OWNER',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
  'TWO_FACTOR_NOT_STARTED',
  'UNKNOWN_CATEGORY',
  'UNKNOWN_SUBCATEGORY',
  'NEGATIVE_STOCK',
  'PHOTO_NOT_FOUND',
  'PHOTO_EXISTS',
  'TOO_MANY_PHOTOS',
  'IMPORT_NOT_FOUND',
  // The back office: orders, refunds, customers (issue #21)
  'ILLEGAL_STATUS_MOVE',
  'NOT_REFUNDABLE',
  'REFUND_TOO_LARGE',
  'REFUND_ITEMS_INVALID',
  'REFUND_NEEDS_OWNER',
  'REFUND_REFUSED',
  'REFUND_PENDING',
  'CUSTOMER_NOT_FOUND',
  'ACCOUNT_DISABLED',
  // Promotions (issue #35): the back office's, and why a shopper's code is refused
  'PROMOTION_NOT_FOUND',
  'PROMO_CODE_TAKEN',
  'PROMOTION_IN_USE',
  'PROMO_UNKNOWN',
  'PROMO_NOT_STARTED',
  'PROMO_EXPIRED',
  'PROMO_MIN_SUBTOTAL',
  'PROMO_NOT_APPLICABLE',
  'PROMO_USED_UP',
  'PROMO_ALREADY_USED',
  // Reviews (issue #36)
  'REVIEW_NOT_VERIFIED',
  'REVIEW_EXISTS',
  'REVIEW_NOT_FOUND',
  // The fleet (issue #37): GET /api/ready while a process starts, drains or has no database
  'NOT_READY',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `value` is a code of this list. (Plain code, no zod: the storefront's bundle reads it.) */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/**
 * The `code` of an API error answer (`{ message, code }`) as a client holds it — the body
 * itself or a failed request's `{ data }` (RTK Query, fetch wrappers) — or `null` when it has
 * no code the API gives.
 */
export function errorCodeOf(error: unknown): ErrorCode | null {
  const body = error && typeof error === 'object' && 'data' in error ? error.data : error;
  if (!body || typeof body !== 'object' || !('code' in body)) return null;
  return isErrorCode(body.code) ? body.code : null;
}
