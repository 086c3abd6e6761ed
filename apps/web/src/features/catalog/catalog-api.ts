import type { AislePageResponse } from '@dukkan/contracts/aisle';
import type { Category, Product, ProductDetail, ProductResponse, SubcategoryPageResponse } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';
import type { AutomaticPromotion } from '@dukkan/contracts/promotions';

import { api } from '../../app/api';
import { type AisleState, aisleParams } from '../../components/aisle/aisle-query';

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
  /** Only this subcategory of the department (its name), e.g. `electronics-tablets` (a slider's). */
  subcategory?: string;
  /** From 1; unset: the first. */
  page?: number;
  pageSize?: number;
  /**
   * The aisle's filters and sort as its address has them (components/aisle/aisle-query.ts
   * `aisleParams`, without `page`); unset when there are none, so the department's plain first
   * page is one request that its sliders and its list share.
   */
  aisle?: readonly (readonly [string, string])[];
}

/** The query string of a list's request: `page`, `pageSize`, then the rest, repeatable ones repeated. */
export function listQuery(entries: readonly (readonly [string, string | number | undefined])[]): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (value !== undefined) params.append(name, String(value));
  return params.toString();
}

/**
 * How long catalog answers stay in the client cache once no page uses them: a department's
 * products are fetched once per visit, so going back and forth between pages shows them at once.
 */
export const CATALOG_CACHE_SECONDS = 15 * 60;

function productTags(products: readonly Product[]) {
  return [
    { type: 'Product' as const, id: 'LIST' },
    ...products.map((product) => ({ type: 'Product' as const, id: product._id })),
  ];
}

/**
 * The request of a department's aisle. Its plain first page asks just what the sliders ask
 * (`{lng, category}`), so they share one request and one cached answer.
 */
export function departmentListArgs(category: string, lng: Language, state: AisleState): CategoryProductsArgs {
  const aisle = aisleParams({ ...state, page: 1 });
  return {
    lng,
    category,
    ...(state.page > 1 ? { page: state.page } : {}),
    ...(aisle.length > 0 ? { aisle } : {}),
  };
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
     * GET /product/category/{category}?page=N[&subcategory=][&brand=…&sort=…]: one page of a
     * department's products with its filters' counts (an aisle, issue #34). Sliders and the
     * department's unfiltered list share the first page.
     */
    listCategoryProducts: build.query<AislePageResponse, CategoryProductsArgs>({
      query: ({ lng, category, subcategory, page = 1, pageSize, aisle = [] }) => ({
        url: `/product/category/${encodeURIComponent(category)}?${listQuery([['page', page], ['pageSize', pageSize], ['subcategory', subcategory], ...aisle])}`,
        headers: { lng },
      }),
      providesTags: (result) => productTags(result?.data ?? []),
      keepUnusedDataFor: CATALOG_CACHE_SECONDS,
    }),
    /** GET /promotions/automatic: the automatic promotions running now, named on their products (issue #35). */
    listAutomaticPromotions: build.query<AutomaticPromotion[], Localised>({
      query: ({ lng }) => ({ url: '/promotions/automatic', headers: { lng } }),
      transformResponse: (response: { data: AutomaticPromotion[] }) => response.data,
      keepUnusedDataFor: CATALOG_CACHE_SECONDS,
    }),
    /** GET /product/{id}: one product, with whether it is a best seller; 404 answers `{ message, code }`. */
    getProduct: build.query<ProductDetail, Localised & { id: string }>({
      query: ({ lng, id }) => ({ url: `/product/${encodeURIComponent(id)}`, headers: { lng } }),
      transformResponse: (response: ProductResponse) => response.data,
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
  useListAutomaticPromotionsQuery,
  useListCategoryProductsQuery,
  useGetProductQuery,
  useListSubcategoriesQuery,
} = catalogApi;
