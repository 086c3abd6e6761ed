import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { decodeTokenPayload } from '../../lib/jwt';
import { readStorage } from '../../lib/storage';

/** Local storage key of the signed-in user's token (spec section 3). */
export const TOKEN_STORAGE_KEY = 'token';

/** What `POST /users/signin` answers; it carries the token (the rest is not shown by the spec). */
export interface SignInResponse {
  token: string;
  [field: string]: unknown;
}

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
    userToken: readStorage(TOKEN_STORAGE_KEY),
    error: null,
    success: false,
  };
}

/**
 * Client state of the session. Spec section 4: sign-in pending / fulfilled / rejected (the
 * sign-in request itself arrives with the login page) and sign-out, which makes no call.
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
    },
  },
  selectors: {
    selectUserToken: (state) => state.userToken,
  },
});

export const { signInStarted, signInSucceeded, signInFailed, loggedOut } = authSlice.actions;
export const { selectUserToken } = authSlice.selectors;

/** The signed-in user as the token names them (id and name), or `null` for a guest. */
export const selectSignedInUser = createSelector([selectUserToken], (token) => {
  if (!token) return null;
  const payload = decodeTokenPayload(token);
  if (!payload || typeof payload.id !== 'string') return null;
  return { id: payload.id, name: typeof payload.name === 'string' ? payload.name : '' };
});
