import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductParams,
  AdminProductResponse,
  CreateProductBody,
  ReorderPhotosBody,
  StockAdjustmentBody,
  StockLedgerEntry,
  StockLedgerResponse,
  UpdateProductBody,
} from '@dukkan/contracts/admin-products';
import type { Category, CategoryListResponse, Subcategory, SubcategoryPageResponse } from '@dukkan/contracts/catalog';
import type { Language, ListArgs } from '@dukkan/contracts/common';

import { adminApi, paramsOf } from '../api';

const path = ({ id }: AdminProductParams) => `admin/products/${encodeURIComponent(id)}`;
const productOf = (answer: AdminProductResponse) => answer.data;

/** The catalog: the departments and subcategories a product goes in, the products, their stock and photos. */
export const productsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<Category[], Language>({
      query: (lng) => ({ url: 'categories/', params: { lng } }),
      transformResponse: (answer: CategoryListResponse) => answer.data,
    }),
    subcategories: build.query<Subcategory[], Language>({
      query: (lng) => ({ url: 'subcategories', params: { lng, page: 1, pageSize: 100 } }),
      transformResponse: (answer: SubcategoryPageResponse) => answer.data,
    }),

    listProducts: build.query<AdminProductListResponse, ListArgs<AdminProductListQuery>>({
      query: (args) => ({ url: 'admin/products', params: paramsOf(args, ['q', 'category', 'status', 'stock', 'sort']) }),
      providesTags: ['Products'],
    }),
    getProduct: build.query<AdminProduct, string>({
      query: (id) => path({ id }),
      transformResponse: productOf,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<AdminProduct, CreateProductBody>({
      query: (body) => ({ url: 'admin/products', method: 'POST', body }),
      transformResponse: productOf,
      invalidatesTags: ['Products'],
    }),
    updateProduct: build.mutation<AdminProduct, AdminProductParams & { body: UpdateProductBody }>({
      query: ({ id, body }) => ({ url: path({ id }), method: 'PATCH', body }),
      transformResponse: productOf,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }, { type: 'Ledger', id }],
    }),
    adjustStock: build.mutation<AdminProduct, AdminProductParams & StockAdjustmentBody>({
      query: ({ id, delta, reason }) => ({ url: `${path({ id })}/stock`, method: 'POST', body: { delta, reason } }),
      transformResponse: productOf,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }, { type: 'Ledger', id }],
    }),
    stockLedger: build.query<StockLedgerEntry[], string>({
      query: (id) => `${path({ id })}/stock-ledger`,
      transformResponse: (answer: StockLedgerResponse) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Ledger', id }],
    }),
    /** The photo goes up as the multipart field `file`. */
    uploadImage: build.mutation<AdminProduct, AdminProductParams & { file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `${path({ id })}/images`, method: 'POST', body };
      },
      transformResponse: productOf,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }],
    }),
    /** `index`: the photo's place in `images`, the path's `image` (PhotoParams). */
    deleteImage: build.mutation<AdminProduct, AdminProductParams & { index: number }>({
      query: ({ id, index }) => ({ url: `${path({ id })}/images/${index}`, method: 'DELETE' }),
      transformResponse: productOf,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }],
    }),
    reorderImages: build.mutation<AdminProduct, AdminProductParams & ReorderPhotosBody>({
      query: ({ id, order }) => ({ url: `${path({ id })}/images`, method: 'PUT', body: { order } }),
      transformResponse: productOf,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }],
    }),
  }),
});

export const {
  useCategoriesQuery,
  useSubcategoriesQuery,
  useListProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useAdjustStockMutation,
  useStockLedgerQuery,
  useUploadImageMutation,
  useDeleteImageMutation,
  useReorderImagesMutation,
} = productsApi;
