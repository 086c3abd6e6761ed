import type { SignInResponse as FullSignInResponse } from '@dukkan/contracts/users';
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { decodeTokenPayload } from '../../lib/jwt';

import { readToken } from './token-storage';

/**
 * What `POST /users/signin` answers: the token, the user and, when a guest cart was merged, what
 * became of it (`cart`). Only the token is required here, as the spec shows no more of it.
 */
export type SignInResponse = Pick<FullSignInResponse, 'token'> & Partial<Omit<FullSignInResponse, 'token'>>;

/** Spec section 3, "Authentication state". */
export interface AuthState {
  loading: boolean;
  userInfo: SignInResponse | null;
  userToken: string | null;
  error: string | null;
  success: boolean;
}

function initialAuthState(): AuthState {
  return {
    loading: false,
    userInfo: null,
    userToken: readToken(),
    error: null,
    success: false,
  };
}

/**
 * Client state of the session. Spec section 4: sign-in pending / fulfilled / rejected (dispatched
 * by the `signIn` thunk, sign-in.ts) and sign-out, which makes no call. Reducers stay pure: the
 * store's listeners (app/store.ts) keep storage and RTK Query's cache in step with these events.
 */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signInStarted(state) {
      state.loading = true;
      state.error = null;
    },
    signInSucceeded(state, action: PayloadAction<SignInResponse>) {
      state.loading = false;
      state.userInfo = action.payload;
      state.userToken = action.payload.token;
      state.success = true;
    },
    signInFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    loggedOut(state) {
      state.userInfo = null;
      state.userToken = null;
      state.success = false;
      state.error = null;
    },
    /** The server refused the stored token (401): the shopper is a guest again. */
    sessionEnded(state) {
      state.userInfo = null;
      state.userToken = null;
      state.success = false;
    },
    /** A password change answered a fresh token for this session (the old one no longer works). */
    tokenReplaced(state, action: PayloadAction<string>) {
      state.userToken = action.payload;
      if (state.userInfo) state.userInfo.token = action.payload;
    },
  },
  selectors: {
    selectUserToken: (state) => state.userToken,
  },
});

export const { signInStarted, signInSucceeded, signInFailed, loggedOut, sessionEnded, tokenReplaced } = authSlice.actions;
export const { selectUserToken } = authSlice.selectors;
export const selectAuth = (state: { auth: AuthState }) => state.auth;

/** The signed-in user as the token names them (id and name), or `null` for a guest. */
export const selectSignedInUser = createSelector([selectUserToken], (token) => {
  if (!token) return null;
  const payload = decodeTokenPayload(token);
  if (!payload || typeof payload.id !== 'string') return null;
  return { id: payload.id, name: typeof payload.name === 'string' ? payload.name : '' };
});
