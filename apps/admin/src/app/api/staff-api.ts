import type {
  CreateStaffBody,
  ShopSettings,
  ShopSettingsBody,
  ShopSettingsResponse,
  StaffItemResponse,
  StaffListItem,
  StaffListResponse,
  StaffParams,
  UpdateStaffBody,
} from '@dukkan/contracts/admin-staff';

import { adminApi } from '../api';

const memberOf = (answer: StaffItemResponse) => answer.data;
const settingsOf = (answer: ShopSettingsResponse) => answer.data;

/** The owner's staff screen: the members, their roles and two-factor, and the shop's settings. */
export const staffApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listStaff: build.query<StaffListItem[], undefined>({
      query: () => 'admin/staff',
      transformResponse: (answer: StaffListResponse) => answer.data,
      providesTags: ['Staff'],
    }),
    addStaff: build.mutation<StaffListItem, CreateStaffBody>({
      query: (body) => ({ url: 'admin/staff', method: 'POST', body }),
      transformResponse: memberOf,
      invalidatesTags: ['Staff'],
    }),
    updateStaff: build.mutation<StaffListItem, StaffParams & UpdateStaffBody>({
      query: ({ id, ...body }) => ({ url: `admin/staff/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      transformResponse: memberOf,
      invalidatesTags: ['Staff'],
    }),
    resetTwoFactor: build.mutation<null, string>({
      query: (id) => ({ url: `admin/staff/${encodeURIComponent(id)}/two-factor/reset`, method: 'POST' }),
      invalidatesTags: ['Staff'],
    }),
    getSettings: build.query<ShopSettings, undefined>({
      query: () => 'admin/settings',
      transformResponse: settingsOf,
      providesTags: ['Settings'],
    }),
    putSettings: build.mutation<ShopSettings, ShopSettingsBody>({
      query: (body) => ({ url: 'admin/settings', method: 'PUT', body }),
      transformResponse: settingsOf,
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useListStaffQuery, useAddStaffMutation, useUpdateStaffMutation, useResetTwoFactorMutation, useGetSettingsQuery, usePutSettingsMutation } = staffApi;
