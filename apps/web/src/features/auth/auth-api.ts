import type { ForgotPasswordBody, MessageResponse, ResetPasswordBody, SignInBody, SignInResponse, SignUpBody, UserResponse } from '@dukkan/contracts/users';

import { api } from '../../app/api';

/**
 * `POST /api/users/signup` and `POST /api/users/signin` (spec section 7), and the password
 * reset beyond the spec (decisions 0018 and 0019): `POST /api/users/forgot-password` mails a
 * single-use link, `POST /api/users/reset-password` sets the new password with its token.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<UserResponse, SignUpBody>({
      query: (body) => ({ url: '/users/signup', method: 'POST', body }),
    }),
    signIn: build.mutation<SignInResponse, SignInBody>({
      query: (body) => ({ url: '/users/signin', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: '/users/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: (body) => ({ url: '/users/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useSignUpMutation, useForgotPasswordMutation, useResetPasswordMutation } = authApi;
