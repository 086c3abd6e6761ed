import { afterEach, describe, expect, it } from 'vitest';

import { forgetGuestCartToken, GUEST_CART_STORAGE_KEY, saveGuestCartToken } from './guest-cart-token';
import { clearStorage, removeStorage, writeStorage } from './storage';
import { markStoredSession, SESSION_STORAGE_KEYS, STORED_SESSION_ATTRIBUTE, watchStoredSession } from './stored-session';

const marked = () => document.documentElement.hasAttribute(STORED_SESSION_ATTRIBUTE);

describe('the stored session mark', () => {
  afterEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.documentElement.removeAttribute(STORED_SESSION_ATTRIBUTE);
  });

  it("looks under the guest cart's own key (the inline script cannot import it; auth-slice.test.ts holds the token's)", () => {
    expect(SESSION_STORAGE_KEYS).toContain(GUEST_CART_STORAGE_KEY);
  });

  it('marks <html> when a token or a guest cart is stored, in either storage, and not otherwise', () => {
    window.localStorage.setItem('keepSignedIn', 'false');
    markStoredSession(window);
    expect(marked()).toBe(false);
    window.sessionStorage.setItem('token', 'a-token');
    markStoredSession(window);
    expect(marked()).toBe(true);
    window.sessionStorage.clear();
    window.localStorage.setItem(GUEST_CART_STORAGE_KEY, '{}');
    markStoredSession(window);
    expect(marked()).toBe(true);
  });

  it('follows the tokens as the app stores and forgets them', () => {
    saveGuestCartToken({ _id: 'cart-1', userId: 'guest-1', signature: 'sig' });
    expect(marked()).toBe(true);
    forgetGuestCartToken();
    expect(marked()).toBe(false);
    writeStorage('token', 'a-token', 'session');
    expect(marked()).toBe(true);
    removeStorage('token', 'session');
    expect(marked()).toBe(false);
    writeStorage('token', 'a-token');
    clearStorage();
    expect(marked()).toBe(false);
  });

  it('follows another tab: a token stored there marks this page when the storage event comes', () => {
    watchStoredSession(window);
    expect(marked()).toBe(false);
    window.localStorage.setItem('token', 'a-token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'a-token' }));
    expect(marked()).toBe(true);
  });
});
