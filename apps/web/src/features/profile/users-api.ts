import type { AddressInput, UpdateUserBody, UpdateUserResponse, User, UserResponse } from '@dukkan/contracts/users';

import { api } from '../../app/api';

/**
 * The shopper's own account (spec section 7): `GET /users/{id}` (the spec's `user` and
 * `address` state areas), `PUT /users/{id}` and `PUT /users/address/{id}`.
 */
export const usersApi = api.enhanceEndpoints({ addTagTypes: ['User'] }).injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      transformResponse: (answer: UserResponse) => answer.data,
      providesTags: (_user, _error, id) => [{ type: 'User', id }],
    }),
    /**
     * The answer's user replaces the cached one (no refetch: after a password change the old
     * token no longer works, and the app's store swaps in the answer's fresh token).
     */
    updateUser: build.mutation<UpdateUserResponse, { id: string; body: UpdateUserBody }>({
      query: ({ id, body }) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'PUT', body }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          await dispatch(usersApi.util.upsertQueryData('getUser', id, data.data));
        } catch {
          // The page shows the error; the cached user stays as it was.
        }
      },
    }),
    /** Sends the whole address book as last read; the list is then reloaded (spec section 7). */
    saveAddressBook: build.mutation<UserResponse, { id: string; book: AddressInput[] }>({
      query: ({ id, book }) => ({ url: `/users/address/${encodeURIComponent(id)}`, method: 'PUT', body: book }),
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'User', id }]),
    }),
  }),
});

export const { useGetUserQuery, useUpdateUserMutation, useSaveAddressBookMutation } = usersApi;
