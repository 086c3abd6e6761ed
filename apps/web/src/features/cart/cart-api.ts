import type { Cart, CartResponse } from '@dukkan/contracts/cart';
import type { Product, ProductPageResponse } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';

import { api } from '../../app/api';
import { saveGuestCartToken } from '../../lib/guest-cart-token';

import { announceDroppedCode } from './promo-notice';

/**
 * Whose cart a cached answer is: the signed-in shopper's id, or `guest` (the `token2` cart, or
 * none yet). Part of the cache key, so signing in fetches the shopper's cart afresh.
 */
export interface CartArgs {
  lng: Language;
  owner: string;
}

/** How many products 'Recommended with your order' shows (spec section 9: 15 cards). */
export const RECOMMENDED_COUNT = 15;
/** From at most this many of the cart's departments. */
const RECOMMENDED_DEPARTMENTS = 3;

export interface RecommendationArgs {
  lng: Language;
  /** Department slugs of the cart's lines, most represented first. */
  categories: string[];
  /** Products already in the cart. */
  exclude: string[];
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Cart'] });

/**
 * The cart (spec sections 4 and 7). Every change is followed by a reload of the cart
 * (`invalidatesTags`); a removal also drops the line from the cached cart as soon as the server
 * confirms it, and a quantity change shows the answered quantity as soon as it comes. The request headers (`token`, or `token2` for a guest) come from the base query.
 */
export const cartApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, CartArgs>({
      query: ({ lng }) => ({ url: '/cart', headers: { lng } }),
      transformResponse: (response: CartResponse) => announceDroppedCode(response.data),
      providesTags: ['Cart'],
    }),
    addToCart: build.mutation<Cart, { productId: string; quantity: number }>({
      query: ({ productId, quantity }) => ({ url: `/cart/${encodeURIComponent(productId)}`, method: 'POST', body: { quantity } }),
      // A guest cart's answer carries its signed identity: keep it as token2 (spec section 7) here,
      // before the cart reload this add triggers goes out, so that reload already sends it.
      transformResponse: (response: CartResponse) => {
        if (response.data.signature !== undefined) saveGuestCartToken(response.data);
        return announceDroppedCode(response.data);
      },
      invalidatesTags: ['Cart'],
    }),
    setCartQuantity: build.mutation<Cart, { productId: string; quantity: number }>({
      query: (body) => ({ url: '/cart', method: 'PATCH', body }),
      transformResponse: (response: CartResponse) => announceDroppedCode(response.data),
      // The answer's quantities and amounts show at once, before the reload: a second press of
      // '+' right after the first counts from the new quantity, not from the one before it. Only
      // numbers are taken (the cached texts stay in their own language), and only into this cart.
      async onQueryStarted(_change, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        let answer: Cart;
        try {
          ({ data: answer } = await queryFulfilled);
        } catch {
          return;
        }
        for (const args of cartApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getCart')) {
          dispatch(
            cartApi.util.updateQueryData('getCart', args, (cart) => {
              if (cart._id !== answer._id) return;
              for (const line of cart.items) {
                const answered = answer.items.find((entry) => entry.product._id === line.product._id);
                if (answered) line.quantity = answered.quantity;
              }
              cart.count = answer.count;
              cart.subtotal = answer.subtotal;
              cart.savings = answer.savings;
              cart.discount = answer.discount;
              cart.promotion = answer.promotion;
            }),
          );
        }
      },
      invalidatesTags: ['Cart'],
    }),
    removeFromCart: build.mutation<Cart, { productId: string }>({
      query: ({ productId }) => ({ url: `/cart/${encodeURIComponent(productId)}`, method: 'PATCH' }),
      transformResponse: (response: CartResponse) => announceDroppedCode(response.data),
      async onQueryStarted({ productId }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        for (const args of cartApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getCart')) {
          dispatch(
            cartApi.util.updateQueryData('getCart', args, (cart) => {
              cart.items = cart.items.filter((line) => line.product._id !== productId);
            }),
          );
        }
      },
      invalidatesTags: ['Cart'],
    }),
    /**
     * Enters a promo code (issue #35): the answer is the cart with its promotion, which replaces
     * the cached cart at once; a refused code (404/409 with its `PROMO_*` code) changes nothing.
     */
    applyPromoCode: build.mutation<Cart, { code: string; args: CartArgs }>({
      query: ({ code }) => ({ url: '/cart/promo', method: 'POST', body: { code } }),
      transformResponse: (response: CartResponse) => response.data,
      async onQueryStarted({ args }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(cartApi.util.upsertQueryData('getCart', args, data));
        } catch {
          // Refused: the field says why; the cart is unchanged.
        }
      },
    }),
    /** Takes the promo code out of the cart; the answer replaces the cached cart. */
    removePromoCode: build.mutation<Cart, { args: CartArgs }>({
      query: () => ({ url: '/cart/promo', method: 'DELETE' }),
      transformResponse: (response: CartResponse) => response.data,
      async onQueryStarted({ args }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(cartApi.util.upsertQueryData('getCart', args, data));
        } catch {
          // The chip stays; the toast says it failed.
        }
      },
    }),
    /**
     * 'Recommended with your order': products of the cart's departments that are not in it,
     * taken in turn from each department, 15 at most.
     */
    getRecommendations: build.query<Product[], RecommendationArgs>({
      async queryFn({ lng, categories, exclude }, _api, _options, fetchWithBaseQuery) {
        const departments = categories.slice(0, RECOMMENDED_DEPARTMENTS);
        const pages = await Promise.all(
          departments.map(async (category) =>
            await fetchWithBaseQuery({
              url: `/product/category/${encodeURIComponent(category)}`,
              params: { pageSize: RECOMMENDED_COUNT + exclude.length },
              headers: { lng },
            }),
          ),
        );
        const failed = pages.find((page) => page.error);
        if (failed?.error) return { error: failed.error };
        const lists = pages.map((page) => (page.data as ProductPageResponse).data.filter((product) => !exclude.includes(product._id)));
        const picked: Product[] = [];
        for (let index = 0; picked.length < RECOMMENDED_COUNT && lists.some((list) => index < list.length); index += 1) {
          for (const list of lists) {
            const product = list[index];
            if (product && picked.length < RECOMMENDED_COUNT) picked.push(product);
          }
        }
        return { data: picked };
      },
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useSetCartQuantityMutation,
  useRemoveFromCartMutation,
  useApplyPromoCodeMutation,
  useRemovePromoCodeMutation,
  useGetRecommendationsQuery,
} = cartApi;
