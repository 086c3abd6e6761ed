import type { Language } from '@dukkan/contracts/common';
import type { ProductSearchResponse, SearchSuggestion, SearchSuggestResponse } from '@dukkan/contracts/search';

import { api } from '../../app/api';

/** Search answers are cached like catalog lists (a back button shows them at once). */
const SEARCH_CACHE_SECONDS = 5 * 60;

export interface SearchArgs {
  lng: Language;
  q: string;
}

/** The page after `lastPage`, or `undefined` when every match has been loaded. */
export function nextSearchPage(lastPage: Pick<ProductSearchResponse, 'page' | 'pageSize' | 'total'>): number | undefined {
  return lastPage.page * lastPage.pageSize < lastPage.total ? lastPage.page + 1 : undefined;
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /product/search?q=&page=: matches, most relevant first, page after page ("Load more"). */
    searchProducts: build.infiniteQuery<ProductSearchResponse, SearchArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) => nextSearchPage(lastPage),
      },
      query: ({ queryArg: { lng, q }, pageParam }) => ({ url: '/product/search', params: { q, page: pageParam }, headers: { lng } }),
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

export const { useSearchProductsInfiniteQuery, useSuggestProductsQuery } = searchApi;
