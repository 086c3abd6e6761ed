import type { Language } from '@dukkan/contracts/common';
import type { WishList, WishListResponse } from '@dukkan/contracts/wish';

import { api } from '../../app/api';

/** The wish list of `owner` (the signed-in shopper's id) in `lng`. */
export interface WishArgs {
  lng: Language;
  owner: string;
}

/** A change of one product in the list of `owner`, answered in `lng`. */
export interface WishChange extends WishArgs {
  productId: string;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Wish'] });

/**
 * The wish list (spec sections 4 and 7), signed-in shoppers only. Each change answers the whole
 * list, which replaces the cached one at once (the hearts follow), and the list is reloaded.
 */
export const wishApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getWishList: build.query<WishList, WishArgs>({
      query: ({ lng }) => ({ url: '/wish', headers: { lng } }),
      transformResponse: (response: WishListResponse) => response.data,
      providesTags: ['Wish'],
    }),
    addToWishList: build.mutation<WishList, WishChange>({
      query: ({ productId, lng }) => ({ url: `/wish/${encodeURIComponent(productId)}`, method: 'POST', body: { id: productId }, headers: { lng } }),
      transformResponse: (response: WishListResponse) => response.data,
      async onQueryStarted({ lng, owner }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(wishApi.util.upsertQueryData('getWishList', { lng, owner }, data));
      },
      invalidatesTags: ['Wish'],
    }),
    removeFromWishList: build.mutation<WishList, WishChange>({
      query: ({ productId, lng }) => ({ url: `/wish/${encodeURIComponent(productId)}`, method: 'PATCH', headers: { lng } }),
      transformResponse: (response: WishListResponse) => response.data,
      async onQueryStarted({ lng, owner }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(wishApi.util.upsertQueryData('getWishList', { lng, owner }, data));
      },
      invalidatesTags: ['Wish'],
    }),
  }),
});

export const { useGetWishListQuery, useAddToWishListMutation, useRemoveFromWishListMutation } = wishApi;
