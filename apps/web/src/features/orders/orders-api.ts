import type { Language } from '@dukkan/contracts/common';
import type { OrderResponse, OrdersResponse, ShopperOrder } from '@dukkan/contracts/orders';

import { api } from '../../app/api';

/** Which of the shopper's orders a list shows: upcoming (not yet delivered or cancelled) or past. */
export type OrderList = 'coming' | 'past';

/**
 * The shopper's orders (spec section 7): `GET /orders/{id}` (the spec's `oneOrder`; its `order`
 * is a list whose first element is the order) and `GET /orders/past|coming/{userId}` (the spec's
 * `orders.pastOrders` and `orders.comingOrders`), newest first. Texts come in the page's language,
 * which is part of the cache key. Placing or paying an order reloads the lists ('Order' tag). Each
 * order carries its refunds and what was paid in the end (issue #32).
 */
export const ordersApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<ShopperOrder, { id: string; lng: Language }>({
      query: ({ id, lng }) => ({ url: `/orders/${encodeURIComponent(id)}`, headers: { lng } }),
      transformResponse: (answer: OrderResponse) => answer.order[0],
      providesTags: (_order, _error, { id }) => [{ type: 'Order', id }],
    }),
    getOrders: build.query<ShopperOrder[], { list: OrderList; userId: string; lng: Language }>({
      query: ({ list, userId, lng }) => ({ url: `/orders/${list}/${encodeURIComponent(userId)}`, headers: { lng } }),
      transformResponse: (answer: OrdersResponse) => answer.allOrders,
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
  }),
});

export const { useGetOrderQuery, useGetOrdersQuery } = ordersApi;
