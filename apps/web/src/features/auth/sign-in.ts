import type { SignInBody, SignInResponse } from '@dukkan/contracts/users';
import { createAsyncThunk } from '@reduxjs/toolkit';

import { errorMessageOf } from '../../lib/api-error';

import { authApi } from './auth-api';
import { signInFailed, signInStarted, signInSucceeded } from './auth-slice';

/** Why a sign-in failed, as spec section 8 tells it: the server's message, or a generic one. */
export type SignInFailure = { kind: 'message'; message: string } | { kind: 'generic' };

/**
 * Signs in (spec section 4): pending sets loading and clears the error, fulfilled stores the
 * answer and its token (the store's listener saves it under `token`), rejected stores the
 * server's message — or, when no answer came back, leaves it to the page to say so.
 */
export const signIn = createAsyncThunk<SignInResponse, SignInBody, { rejectValue: SignInFailure }>(
  'auth/signIn',
  async (credentials, { dispatch, rejectWithValue }) => {
    dispatch(signInStarted());
    const result = await dispatch(authApi.endpoints.signIn.initiate(credentials));
    if ('data' in result && result.data) {
      dispatch(signInSucceeded(result.data));
      return result.data;
    }
    const message = 'error' in result ? errorMessageOf(result.error) : null;
    dispatch(signInFailed(message ?? ''));
    return rejectWithValue(message ? { kind: 'message', message } : { kind: 'generic' });
  },
);
