import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

/** Local storage key of the signed-in user's token (spec section 3). */
export const TOKEN_STORAGE_KEY = 'token';
/** 'false' when the shopper unticked "Keep me signed in" (decision 0011). */
export const KEEP_SIGNED_IN_STORAGE_KEY = 'keepSignedIn';

/** The stored token: local storage (the spec's place), else this tab's session (not kept signed in). */
export function readToken(): string | null {
  return readStorage(TOKEN_STORAGE_KEY) ?? readStorage(TOKEN_STORAGE_KEY, 'session');
}

/**
 * Keeps the token under `token`: in local storage by default, or only for this browser session
 * when the shopper chose not to stay signed in.
 */
export function saveToken(token: string): void {
  if (readStorage(KEEP_SIGNED_IN_STORAGE_KEY) === 'false') {
    removeStorage(TOKEN_STORAGE_KEY);
    writeStorage(TOKEN_STORAGE_KEY, token, 'session');
  } else {
    removeStorage(TOKEN_STORAGE_KEY, 'session');
    writeStorage(TOKEN_STORAGE_KEY, token);
  }
}

export function forgetToken(): void {
  removeStorage(TOKEN_STORAGE_KEY);
  removeStorage(TOKEN_STORAGE_KEY, 'session');
}

export function rememberKeepSignedIn(keep: boolean): void {
  if (keep) removeStorage(KEEP_SIGNED_IN_STORAGE_KEY);
  else writeStorage(KEEP_SIGNED_IN_STORAGE_KEY, 'false');
}
