import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * Local storage key of the guest cart's identity (spec section 3): the JSON of `{ userId, cartId }`
 * plus the server's signature, sent back as the `token2` header until the guest signs in.
 */
export const GUEST_CART_STORAGE_KEY = 'token2';

export function readGuestCartToken(): string | null {
  return readStorage(GUEST_CART_STORAGE_KEY);
}

/**
 * Keeps the identity of the guest cart the server just created (spec section 7): `userId`, the
 * cart's `_id` as `cartId`, and every other string field of the answer's `data` unchanged (the
 * signature), so the server can verify it.
 */
export function saveGuestCartToken(data: Record<string, unknown>): void {
  const { _id: cartId, userId, ...rest } = data;
  if (typeof cartId !== 'string' || typeof userId !== 'string') return;
  const extra = Object.fromEntries(Object.entries(rest).filter(([, value]) => typeof value === 'string'));
  writeStorage(GUEST_CART_STORAGE_KEY, JSON.stringify({ userId, cartId, ...extra }));
}

/** After sign-in (the server merged the guest cart) or when the server refused it. */
export function forgetGuestCartToken(): void {
  removeStorage(GUEST_CART_STORAGE_KEY);
}
