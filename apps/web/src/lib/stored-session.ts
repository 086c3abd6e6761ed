/**
 * Whether this browser stores a session: a signed-in shopper's `token` (local storage, or this
 * tab's session storage) or a guest cart's `token2`. The server cannot know (both live in the
 * browser's storage, spec section 3), so the head's inline script (vite/early-events.ts) marks
 * `<html data-stored-session>` before the page is painted, and the app keeps the mark true as the
 * tokens are stored and forgotten. A page whose content depends on the session draws, before it
 * knows it, what the mark says (decision 0042): without a stored session there is no cart, so the
 * cart page shows the empty cart at once instead of a loading overlay.
 *
 * Inlined into every page's head: self-contained (no imports), small, for every browser the shop
 * supports. The keys are the token modules' (features/auth/token-storage.ts,
 * lib/guest-cart-token.ts); a unit test holds them equal.
 */

/** The mark on `<html>`. */
export const STORED_SESSION_ATTRIBUTE = 'data-stored-session';
/** The storage keys of a session: the signed-in shopper's token and the guest cart's. */
export const SESSION_STORAGE_KEYS = ['token', 'token2'] as const;

/** Sets or removes the mark from what the browser's storage holds now. */
export function markStoredSession(win: Window): void {
  let stored = false;
  try {
    for (const area of [win.localStorage, win.sessionStorage]) {
      for (const key of SESSION_STORAGE_KEYS) if (area.getItem(key) !== null) stored = true;
    }
  } catch {
    // Storage unavailable: the shop can keep no session in it either.
  }
  win.document.documentElement.toggleAttribute(STORED_SESSION_ATTRIBUTE, stored);
}

/**
 * Marks `<html>` now and again whenever another tab of the shop stores or forgets a session
 * (the `storage` event fires only in the other tabs); this tab's own changes go through
 * lib/storage.ts, which marks again itself.
 */
export function watchStoredSession(win: Window): void {
  markStoredSession(win);
  win.addEventListener('storage', () => markStoredSession(win));
}
