import type { Stats, StatsQuery, StatsResponse } from '@dukkan/contracts/admin-orders';

import { adminApi } from '../api';

/** The dashboard's figures. */
export const statsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    stats: build.query<Stats, StatsQuery>({
      query: ({ from, to }) => ({ url: 'admin/stats', params: { from, to } }),
      transformResponse: (answer: StatsResponse) => answer.data,
      providesTags: ['Stats'],
    }),
  }),
});

export const { useStatsQuery } = statsApi;
