import { StatsQuerySchema, StatsResponseSchema } from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { currentStaff, requireStaff } from '../guard';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../products/service';

import { mayReadCustomers, shopStats } from './service';

export interface AdminStatsRoutesOptions {
  db: Database;
  /** Published products with 1 to this many units are low in stock (`LOW_STOCK_THRESHOLD`); 0 is out of stock. */
  lowStockThreshold?: number;
}

/**
 * The dashboard's figures, `GET /api/admin/stats?from=&to=` (issue #21, decision 0038): the
 * dashboard is every staff member's landing screen, so every role may read it (no session 401).
 * A role the customers routes refuse (catalog) gets no customer data in it (issue #32).
 */
export const adminStatsRoutes: FastifyPluginAsyncZod<AdminStatsRoutesOptions> = async (app, { db, lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD }) => {
  app.addHook('onRequest', requireStaff(db));

  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revenue and paid orders per UTC day (default the last 30 days, at most 366), today, unpaid orders about to expire (the customer’s email for owner and support only), low and out of stock, the week’s best sellers',
        querystring: StatsQuerySchema,
        response: { 200: StatsResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => ({ data: await shopStats(db, request.query, lowStockThreshold, { customerData: mayReadCustomers(currentStaff(request).role) }) }),
  );
};
