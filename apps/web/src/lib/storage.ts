import { markStoredSession, SESSION_STORAGE_KEYS } from './stored-session';

// Storage can be unavailable (privacy modes, sandboxed frames): using it must never crash the shop.
// Only call these from effects, event handlers, thunks or store set-up — never during render.

type Area = 'local' | 'session';

/** A session's token stored or forgotten: `<html data-stored-session>` follows (lib/stored-session.ts). */
function sessionKeyChanged(key: string): void {
  if ((SESSION_STORAGE_KEYS as readonly string[]).includes(key)) markStoredSession(window);
}

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Full or unavailable: the value lives only as long as the page.
  }
  sessionKeyChanged(key);
}

export function removeStorage(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
  sessionKeyChanged(key);
}

export function clearStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Nothing stored that we could remove.
  }
  markStoredSession(window);
}
