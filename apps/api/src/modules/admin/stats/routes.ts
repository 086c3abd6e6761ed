import { StatsQuerySchema, StatsResponseSchema } from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { requireStaff } from '../guard';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../products/service';

import { shopStats } from './service';

export interface AdminStatsRoutesOptions {
  db: Database;
  /** Published products at or under this many units are low in stock (`LOW_STOCK_THRESHOLD`). */
  lowStockThreshold?: number;
}

/**
 * The dashboard's figures, `GET /api/admin/stats?from=&to=` (issue #21, decision 0038): the
 * dashboard is every staff member's landing screen, so every role may read it (no session 401).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a plugin without `done` by the promise it returns
export const adminStatsRoutes: FastifyPluginAsyncZod<AdminStatsRoutesOptions> = async (app, { db, lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD }) => {
  app.addHook('onRequest', requireStaff(db));

  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revenue and paid orders per UTC day (default the last 30 days, at most 366), today, unpaid orders about to expire, low stock, the week’s best sellers',
        querystring: StatsQuerySchema,
        response: { 200: StatsResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => ({ data: await shopStats(db, request.query, lowStockThreshold) }),
  );
};
