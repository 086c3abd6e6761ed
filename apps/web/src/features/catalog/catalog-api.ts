import type { Category, Product, ProductPageResponse, SubcategoryPageResponse } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';

import { api } from '../../app/api';

/**
 * Every catalog query takes the language as an argument: the API answers catalog text in it,
 * so English and Arabic answers are separate cache entries and a language switch re-fetches.
 * The `lng` header is set from the same argument (the base query would use i18next's language).
 */
interface Localised {
  lng: Language;
}

interface PageArgs extends Localised {
  page?: number;
  pageSize?: number;
}

export interface CategoryProductsArgs extends Localised {
  /** The department's name (key), e.g. `Grocery`: `Category.name`, `Product.category`. */
  category: string;
  /** Only this subcategory of the department (its name), e.g. `electronics-tablets`. */
  subcategory?: string;
  pageSize?: number;
}

/**
 * How long catalog answers stay in the client cache once no page uses them: a department's
 * products are fetched once per visit, so going back and forth between pages shows them at once.
 */
export const CATALOG_CACHE_SECONDS = 15 * 60;

/** The page after `lastPage`, or `undefined` when every item of the list has been loaded. */
export function nextPageOf(lastPage: Pick<ProductPageResponse, 'page' | 'pageSize' | 'total'>): number | undefined {
  return lastPage.page * lastPage.pageSize < lastPage.total ? lastPage.page + 1 : undefined;
}

function productTags(products: readonly Product[]) {
  return [
    { type: 'Product' as const, id: 'LIST' },
    ...products.map((product) => ({ type: 'Product' as const, id: product._id })),
  ];
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /categories/: the departments; each one's `name` is the key, its `label` in the request language. */
    listCategories: build.query<Category[], Localised>({
      query: ({ lng }) => ({ url: '/categories/', headers: { lng } }),
      transformResponse: (response: { data: Category[] }) => response.data,
      providesTags: [{ type: 'Category', id: 'LIST' }],
      keepUnusedDataFor: CATALOG_CACHE_SECONDS,
    }),
    /**
     * GET /product/category/{category}?page=N[&subcategory=]: a department's products, page after
     * page ("Load more"). Sliders and the grid of a department share the first page.
     */
    listCategoryProducts: build.infiniteQuery<ProductPageResponse, CategoryProductsArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) => nextPageOf(lastPage),
      },
      query: ({ queryArg: { lng, category, subcategory, pageSize }, pageParam }) => ({
        url: `/product/category/${encodeURIComponent(category)}`,
        params: { page: pageParam, pageSize, subcategory },
        headers: { lng },
      }),
      providesTags: (result) => productTags(result?.pages.flatMap((page) => page.data) ?? []),
      keepUnusedDataFor: CATALOG_CACHE_SECONDS,
    }),
    /** GET /product/{id}: one product; 404 answers `{ message, code }`. */
    getProduct: build.query<Product, Localised & { id: string }>({
      query: ({ lng, id }) => ({ url: `/product/${encodeURIComponent(id)}`, headers: { lng } }),
      transformResponse: (response: { data: Product }) => response.data,
      providesTags: (_result, _error, { id }) => [{ type: 'Product', id }],
      keepUnusedDataFor: CATALOG_CACHE_SECONDS,
    }),
    /** GET /subcategories?page=N: one page of subcategories. */
    listSubcategories: build.query<SubcategoryPageResponse, PageArgs>({
      query: ({ lng, page, pageSize }) => ({ url: '/subcategories', params: { page, pageSize }, headers: { lng } }),
      providesTags: [{ type: 'Subcategory', id: 'LIST' }],
      keepUnusedDataFor: CATALOG_CACHE_SECONDS,
    }),
  }),
});

export const {
  useListCategoriesQuery,
  useListCategoryProductsInfiniteQuery,
  useGetProductQuery,
  useListSubcategoriesQuery,
} = catalogApi;
