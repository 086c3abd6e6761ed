import type { ImportProgress, ImportProgressResponse } from '@dukkan/contracts/admin-import';

import { adminApi } from '../api';

/**
 * A CSV import's progress (decision 0035). The file itself goes up with XMLHttpRequest, which
 * reports its upload (app/upload.ts), not through RTK Query.
 */
export const importApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    importStatus: build.query<ImportProgress, string>({
      query: (id) => `admin/imports/${encodeURIComponent(id)}`,
      transformResponse: (answer: ImportProgressResponse) => answer.data,
    }),
  }),
});

export const { useImportStatusQuery } = importApi;
