import type { Language } from '@dukkan/contracts/common';
import type { ProductSearchResponse, SearchSuggestion, SearchSuggestResponse } from '@dukkan/contracts/search';

import { api } from '../../app/api';
import { type AisleState, aisleParams } from '../../components/aisle/aisle-query';

/** Search answers are cached like catalog lists (a back button shows them at once). */
const SEARCH_CACHE_SECONDS = 5 * 60;

export interface SearchArgs {
  lng: Language;
  q: string;
}

export interface SearchListArgs extends SearchArgs {
  /** From 1; unset: the first. */
  page?: number;
  /** The aisle's filters and sort as its address has them (components/aisle/aisle-query.ts `aisleParams`, without `page`). */
  aisle?: readonly (readonly [string, string])[];
}

/** The request of a search's aisle as its address describes it. */
export function searchListArgs(lng: Language, q: string, state: AisleState): SearchListArgs {
  const aisle = aisleParams({ ...state, page: 1 });
  return { lng, q, ...(state.page > 1 ? { page: state.page } : {}), ...(aisle.length > 0 ? { aisle } : {}) };
}

/** `?q=…&page=N&brand=…`: repeatable filters repeated, as the API reads them. */
function searchQuery({ q, page = 1, aisle = [] }: SearchListArgs): string {
  const params = new URLSearchParams([['q', q], ['page', String(page)]]);
  for (const [name, value] of aisle) params.append(name, value);
  return params.toString();
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /product/search?q=&page=[&brand=…&sort=…]: one page of matches with its filters' counts (an aisle, issue #34). */
    searchProducts: build.query<ProductSearchResponse, SearchListArgs>({
      query: (args) => ({ url: `/product/search?${searchQuery(args)}`, headers: { lng: args.lng } }),
      keepUnusedDataFor: SEARCH_CACHE_SECONDS,
    }),
    /** GET /product/suggest?q=: up to eight titles for search-as-you-type. */
    suggestProducts: build.query<SearchSuggestion[], SearchArgs>({
      query: ({ lng, q }) => ({ url: '/product/suggest', params: { q }, headers: { lng } }),
      transformResponse: (response: SearchSuggestResponse) => response.data,
      keepUnusedDataFor: SEARCH_CACHE_SECONDS,
    }),
  }),
});

export const { useSearchProductsQuery, useSuggestProductsQuery } = searchApi;
