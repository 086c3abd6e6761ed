import { AuditListResponseSchema, AuditQuerySchema } from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { requireStaff } from '../guard';

import { listAudit } from './service';

export interface AdminAuditRoutesOptions {
  db: Database;
}

/**
 * The audit log, `GET /api/admin/audit?actor=&entity=&from=&to=&page=&pageSize=` (issue #21,
 * decision 0038): the owner's only (support and catalog 403). It is read-only by design: no route
 * changes or removes a record (PUT, PATCH or DELETE here answer 404), and the table's trigger
 * refuses UPDATE and DELETE whoever sends them.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminAuditRoutesOptions> = async (app, { db }) => {
  app.addHook('onRequest', requireStaff(db, ['owner']));

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: every staff write and sign-in, filtered by actor (staff id or email), entity id and UTC days (owner)',
        querystring: AuditQuerySchema,
        response: { 200: AuditListResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    (request) => listAudit(db, request.query),
  );
};
