import type { Language } from '@dukkan/contracts/common';
import type {
  CheckoutSessionBody,
  CheckoutSessionResponse,
  Order,
  OrderDraft as OrderDraftBody,
  OrderResponse,
  PlaceOrderResponse,
} from '@dukkan/contracts/orders';

import { api } from '../../app/api';

/**
 * Placing an order and paying for it (spec section 7): `POST /orders` with the draft and an
 * `Idempotency-Key`, `POST /stripe/create-checkout-session`, and the placed order read again
 * while the success page waits for the payment. Answers are never cached by the server; the
 * 'Order' tag lets the account's order lists reload after an order is placed or paid, and the
 * 'Cart' tag lets the header's cart reload once the payment emptied it.
 */
export const checkoutApi = api.enhanceEndpoints({ addTagTypes: ['Cart', 'Order'] }).injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<Order, { draft: OrderDraftBody; idempotencyKey: string }>({
      query: ({ draft, idempotencyKey }) => ({
        url: '/orders',
        method: 'POST',
        body: draft,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (answer: PlaceOrderResponse) => answer.data,
      invalidatesTags: (order) => (order ? [{ type: 'Order', id: 'LIST' }] : []),
    }),
    createCheckoutSession: build.mutation<CheckoutSessionResponse, CheckoutSessionBody>({
      query: (body) => ({ url: '/stripe/create-checkout-session', method: 'POST', body }),
      // 409: the order was cancelled or paid meanwhile, so the lists showing it are out of date.
      invalidatesTags: (_answer, error) => (error?.status === 409 ? [{ type: 'Order', id: 'LIST' }] : []),
    }),
    /** The order just paid for, read again (polled) until its payment is no longer pending. */
    getPlacedOrder: build.query<Order, { id: string; lng: Language }>({
      query: ({ id, lng }) => ({ url: `/orders/${encodeURIComponent(id)}`, headers: { lng } }),
      transformResponse: (answer: OrderResponse) => answer.order[0],
      providesTags: (_order, _error, { id }) => [{ type: 'Order', id }],
    }),
  }),
});

export const { usePlaceOrderMutation, useCreateCheckoutSessionMutation, useGetPlacedOrderQuery } = checkoutApi;
