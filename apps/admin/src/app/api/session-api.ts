import type {
  ChangeStaffPasswordBody,
  SetupBody,
  SetupInfoResponse,
  Staff,
  StaffPasswordResetBody,
  StaffPasswordResetConfirmBody,
  StaffPasswordResetResponse,
  StaffSessionResponse,
  StaffSignInBody,
  TwoFactorCodeBody,
  TwoFactorEnrolment,
  TwoFactorEnrolmentResponse,
} from '@dukkan/contracts/admin-staff';

import { adminApi } from '../api';

/**
 * The signed-in member, and whether the owner requires two-factor sign-in of them before
 * anything else (they may then only use their account screen; decision 0033).
 */
export type SignedInStaff = Staff & Pick<StaffSessionResponse['data'], 'twoFactorSetupRequired'>;

function signedInStaff({ data }: StaffSessionResponse): SignedInStaff {
  return { ...data.staff, twoFactorSetupRequired: data.twoFactorSetupRequired };
}

/** The staff member's session (sign-in, sign-out, setup, a forgotten password) and their own account. */
export const sessionApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SignedInStaff, undefined>({
      query: () => 'admin/session',
      transformResponse: signedInStaff,
      providesTags: ['Session'],
    }),
    signIn: build.mutation<SignedInStaff, StaffSignInBody>({
      query: (body) => ({ url: 'admin/session', method: 'POST', body }),
      transformResponse: signedInStaff,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: staff } = await queryFulfilled.catch(() => ({ data: null }));
        if (staff) await dispatch(sessionApi.util.upsertQueryData('getSession', undefined, staff));
      },
    }),
    signOut: build.mutation<null, undefined>({
      query: () => ({ url: 'admin/session', method: 'DELETE' }),
    }),
    /** `POST /api/admin/session/password-reset`: 202 whether or not the email is a staff account's. */
    requestPasswordReset: build.mutation<StaffPasswordResetResponse, StaffPasswordResetBody>({
      query: (body) => ({ url: 'admin/session/password-reset', method: 'POST', body }),
    }),
    /** `POST /api/admin/session/password-reset/confirm`: 204; every session of the member ends. */
    confirmPasswordReset: build.mutation<null, StaffPasswordResetConfirmBody>({
      query: (body) => ({ url: 'admin/session/password-reset/confirm', method: 'POST', body }),
    }),
    checkSetupToken: build.query<SetupInfoResponse['data'], string>({
      query: (token) => ({ url: 'admin/setup', params: { token } }),
      transformResponse: (answer: SetupInfoResponse) => answer.data,
    }),
    setup: build.mutation<SignedInStaff, SetupBody>({
      query: (body) => ({ url: 'admin/setup', method: 'POST', body }),
      transformResponse: signedInStaff,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: staff } = await queryFulfilled.catch(() => ({ data: null }));
        if (staff) await dispatch(sessionApi.util.upsertQueryData('getSession', undefined, staff));
      },
    }),

    changePassword: build.mutation<null, ChangeStaffPasswordBody>({
      query: (body) => ({ url: 'admin/account/password', method: 'PUT', body }),
    }),
    enrolTwoFactor: build.mutation<TwoFactorEnrolment, undefined>({
      query: () => ({ url: 'admin/account/two-factor', method: 'POST' }),
      transformResponse: (answer: TwoFactorEnrolmentResponse) => answer.data,
    }),
    confirmTwoFactor: build.mutation<null, TwoFactorCodeBody>({
      query: (body) => ({ url: 'admin/account/two-factor/confirm', method: 'POST', body }),
      // A two-factor requirement of the owner's is met now: the session says so.
      invalidatesTags: ['Session'],
    }),
  }),
});

export const {
  useGetSessionQuery,
  useSignInMutation,
  useSignOutMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useCheckSetupTokenQuery,
  useSetupMutation,
  useChangePasswordMutation,
  useEnrolTwoFactorMutation,
  useConfirmTwoFactorMutation,
} = sessionApi;
