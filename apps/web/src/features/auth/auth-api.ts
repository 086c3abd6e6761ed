import type { SignInBody, SignInResponse, SignUpBody, UserResponse } from '@dukkan/contracts/users';

import { api } from '../../app/api';

/** `POST /api/users/signup` and `POST /api/users/signin` (spec section 7). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<UserResponse, SignUpBody>({
      query: (body) => ({ url: '/users/signup', method: 'POST', body }),
    }),
    signIn: build.mutation<SignInResponse, SignInBody>({
      query: (body) => ({ url: '/users/signin', method: 'POST', body }),
    }),
  }),
});

export const { useSignUpMutation } = authApi;
