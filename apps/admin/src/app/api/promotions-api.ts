import type {
  CreatePromotionBody,
  Promotion,
  PromotionListResponse,
  PromotionOrdersResponse,
  PromotionStatus,
  UpdatePromotionBody,
} from '@dukkan/contracts/admin-promotions';

import { adminApi } from '../api';

const path = (id: string) => `admin/promotions/${encodeURIComponent(id)}`;
/** `{data: promotion}`, the answer of `PromotionResponseSchema`. */
const promotionOf = (answer: { data: Promotion }) => answer.data;

/** The list's filters as the address holds them ('' for none); the API pages by 25 (`PROMOTIONS_PAGE_SIZE`). */
export interface PromotionListArgs {
  status: PromotionStatus | '';
  q: string;
  page: number;
}

/** The query string of the list: the page, and each filter that has a value (trimmed). */
export function promotionListParams({ status, q, page }: PromotionListArgs): Record<string, string | number> {
  return { page, ...(status ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
}

/** The promotions (owner and catalog): the list, one promotion, its writes and the orders that used it. */
export const promotionsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listPromotions: build.query<PromotionListResponse, PromotionListArgs>({
      query: (args) => ({ url: 'admin/promotions', params: promotionListParams(args) }),
      providesTags: ['Promotions'],
    }),
    getPromotion: build.query<Promotion, string>({
      query: (id) => path(id),
      transformResponse: promotionOf,
      providesTags: (_r, _e, id) => [{ type: 'Promotion', id }],
    }),
    createPromotion: build.mutation<Promotion, CreatePromotionBody>({
      query: (body) => ({ url: 'admin/promotions', method: 'POST', body }),
      transformResponse: promotionOf,
      invalidatesTags: ['Promotions', 'Audit'],
    }),
    updatePromotion: build.mutation<Promotion, { id: string; body: UpdatePromotionBody }>({
      query: ({ id, body }) => ({ url: path(id), method: 'PATCH', body }),
      transformResponse: promotionOf,
      invalidatesTags: (_r, _e, { id }) => ['Promotions', 'Audit', { type: 'Promotion', id }],
    }),
    /** DELETE deactivates: orders keep theirs. */
    deactivatePromotion: build.mutation<Promotion, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      transformResponse: promotionOf,
      invalidatesTags: (_r, _e, id) => ['Promotions', 'Audit', { type: 'Promotion', id }],
    }),
    promotionOrders: build.query<PromotionOrdersResponse, string>({
      query: (id) => `${path(id)}/orders`,
      providesTags: (_r, _e, id) => [{ type: 'Promotion', id }],
    }),
  }),
});

export const {
  useListPromotionsQuery,
  useGetPromotionQuery,
  useCreatePromotionMutation,
  useUpdatePromotionMutation,
  useDeactivatePromotionMutation,
  usePromotionOrdersQuery,
} = promotionsApi;
