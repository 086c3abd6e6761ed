import type {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrderParams,
  AdminOrderResponse,
  CancelOrderBody,
  OrderStatusBody,
  RefundBody,
} from '@dukkan/contracts/admin-orders';
import type { ListArgs } from '@dukkan/contracts/common';

import { adminApi, paramsOf } from '../api';

/** The tags an order action makes stale: its lists, its customer, the figures and the log. */
const AFTER_ORDER_ACTION = ['Orders', 'Customer', 'Customers', 'Stats', 'Audit'] as const;

const path = ({ id }: AdminOrderParams) => `admin/orders/${encodeURIComponent(id)}`;
const orderOf = (answer: AdminOrderResponse) => answer.data;

/** Puts the order an action answered in the cache of `getOrder`. */
async function cacheOrder(
  { id }: AdminOrderParams,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: AdminOrder }> },
): Promise<void> {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) dispatch(ordersApi.util.upsertQueryData('getOrder', id, answer.data));
}

/** The orders: the list, one order, and what staff do with it (move it on, cancel it, refund it). */
export const ordersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<AdminOrderListResponse, ListArgs<AdminOrderListQuery>>({
      query: (args) => ({ url: 'admin/orders', params: paramsOf(args, ['status', 'paymentStatus', 'q', 'from', 'to', 'sort']) }),
      providesTags: ['Orders'],
    }),
    getOrder: build.query<AdminOrder, string>({
      query: (id) => path({ id }),
      transformResponse: orderOf,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    // Each action answers the order as it is now: it replaces the cached one, so the page does not reload.
    moveOrder: build.mutation<AdminOrder, AdminOrderParams & OrderStatusBody>({
      query: ({ id, status }) => ({ url: `${path({ id })}/status`, method: 'POST', body: { status } }),
      transformResponse: orderOf,
      onQueryStarted: cacheOrder,
      invalidatesTags: [...AFTER_ORDER_ACTION],
    }),
    cancelOrder: build.mutation<AdminOrder, AdminOrderParams & CancelOrderBody>({
      query: ({ id, reason }) => ({ url: `${path({ id })}/cancel`, method: 'POST', body: { reason } }),
      transformResponse: orderOf,
      onQueryStarted: cacheOrder,
      invalidatesTags: (_r, error, { id }) => (error ? [...AFTER_ORDER_ACTION, { type: 'Order' as const, id }] : [...AFTER_ORDER_ACTION]),
    }),
    refundOrder: build.mutation<AdminOrder, AdminOrderParams & { body: RefundBody }>({
      query: ({ id, body }) => ({ url: `${path({ id })}/refunds`, method: 'POST', body }),
      transformResponse: orderOf,
      onQueryStarted: cacheOrder,
      // A refund the provider refused (502) is recorded all the same: the order is asked again to show it.
      invalidatesTags: (_r, error, { id }) => (error ? [...AFTER_ORDER_ACTION, { type: 'Order' as const, id }] : [...AFTER_ORDER_ACTION]),
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useMoveOrderMutation, useCancelOrderMutation, useRefundOrderMutation } = ordersApi;
