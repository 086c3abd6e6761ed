import { describe, expect, it } from 'vitest';

import { createAppStore } from '../../app/store';
import { SESSION_STORAGE_KEYS } from '../../lib/stored-session';

import {
  loggedOut,
  selectSignedInUser,
  signInFailed,
  signInStarted,
  signInSucceeded,
} from './auth-slice';
import { TOKEN_STORAGE_KEY } from './token-storage';

const tokenFor = (payload: object) => `header.${btoa(JSON.stringify(payload))}.signature`;

describe('auth state', () => {
  it('starts as a guest when no token is stored', () => {
    const { auth } = createAppStore().getState();
    expect(auth).toEqual({ loading: false, userInfo: null, userToken: null, error: null, success: false });
  });

  it('takes the token from local storage key "token" at start', () => {
    const token = tokenFor({ id: 'u-1', name: 'Mona' });
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const store = createAppStore();
    expect(store.getState().auth.userToken).toBe(token);
    expect(selectSignedInUser(store.getState())).toEqual({ id: 'u-1', name: 'Mona' });
  });

  it('sign-in pending sets loading and clears the error; rejected stores the message', () => {
    const store = createAppStore();
    store.dispatch(signInFailed('old error'));
    store.dispatch(signInStarted());
    expect(store.getState().auth).toMatchObject({ loading: true, error: null });
    store.dispatch(signInFailed('Invalid username or password.'));
    expect(store.getState().auth).toMatchObject({ loading: false, error: 'Invalid username or password.' });
  });

  it('sign-in fulfilled stores the answer and its token', () => {
    const store = createAppStore();
    const token = tokenFor({ id: 'u-2', name: 'Omar' });
    store.dispatch(signInStarted());
    store.dispatch(signInSucceeded({ token }));
    expect(store.getState().auth).toMatchObject({ loading: false, userInfo: { token }, userToken: token, success: true });
    expect(selectSignedInUser(store.getState())?.name).toBe('Omar');
  });

  it('logging out clears the user and token', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor({ id: 'u-3', name: 'Huda' }));
    const store = createAppStore();
    store.dispatch(loggedOut());
    expect(store.getState().auth).toMatchObject({ userInfo: null, userToken: null });
    expect(selectSignedInUser(store.getState())).toBeNull();
  });

  it('a token without a user id is no signed-in user', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(selectSignedInUser(createAppStore().getState())).toBeNull();
  });
});

describe('the stored session mark (lib/stored-session.ts)', () => {
  it("looks under the token's own key: the head's inline script cannot import it", () => {
    expect(SESSION_STORAGE_KEYS).toContain(TOKEN_STORAGE_KEY);
  });
});
