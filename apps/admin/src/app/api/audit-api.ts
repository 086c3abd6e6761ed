import type { AuditListResponse, AuditQuery } from '@dukkan/contracts/admin-orders';
import type { ListArgs } from '@dukkan/contracts/common';

import { adminApi, paramsOf } from '../api';

/** The owner's audit log. */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<AuditListResponse, ListArgs<AuditQuery>>({
      query: (args) => ({ url: 'admin/audit', params: paramsOf(args, ['actor', 'entity', 'from', 'to']) }),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useAuditQuery } = auditApi;
