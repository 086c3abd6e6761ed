import type {
  AdminCustomer,
  AdminCustomerListQuery,
  AdminCustomerListResponse,
  AdminCustomerParams,
  AdminCustomerResponse,
  CustomerPasswordResetResponse,
  UpdateCustomerBody,
} from '@dukkan/contracts/admin-orders';
import type { ListArgs } from '@dukkan/contracts/common';

import { adminApi, paramsOf } from '../api';

const path = ({ id }: AdminCustomerParams) => `admin/customers/${encodeURIComponent(id)}`;

/** The shoppers: the list, one customer, disabling the account and sending a password reset. */
export const customersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<AdminCustomerListResponse, ListArgs<AdminCustomerListQuery>>({
      query: (args) => ({ url: 'admin/customers', params: paramsOf(args, ['q']) }),
      providesTags: ['Customers'],
    }),
    getCustomer: build.query<AdminCustomer, string>({
      query: (id) => path({ id }),
      transformResponse: (answer: AdminCustomerResponse) => answer.data,
      providesTags: ['Customer'],
    }),
    updateCustomer: build.mutation<AdminCustomer, AdminCustomerParams & UpdateCustomerBody>({
      query: ({ id, disabled }) => ({ url: path({ id }), method: 'PATCH', body: { disabled } }),
      transformResponse: (answer: AdminCustomerResponse) => answer.data,
      invalidatesTags: ['Customer', 'Customers', 'Audit'],
    }),
    sendPasswordReset: build.mutation<CustomerPasswordResetResponse['data'], string>({
      query: (id) => ({ url: `${path({ id })}/password-reset`, method: 'POST' }),
      transformResponse: (answer: CustomerPasswordResetResponse) => answer.data,
      invalidatesTags: ['Audit'],
    }),
  }),
});

export const { useListCustomersQuery, useGetCustomerQuery, useUpdateCustomerMutation, useSendPasswordResetMutation } = customersApi;
