import {
  AdminCustomerListQuerySchema,
  AdminCustomerListResponseSchema,
  AdminCustomerParamsSchema,
  AdminCustomerResponseSchema,
  CustomerPasswordResetResponseSchema,
  UpdateCustomerBodySchema,
} from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { acceptEmptyJsonBodies } from '../../../lib/empty-body';
import type { OutboxWorker } from '../../../mail/outbox';
import { auditActorOf } from '../audit/record';
import { requireStaff } from '../guard';

import { getCustomer, listCustomers, sendCustomerPasswordReset, setCustomerDisabled } from './service';

export interface AdminCustomerRoutesOptions {
  db: Database;
  outbox: Pick<OutboxWorker, 'wake'>;
  /** The shop's address, for the reset link (`PUBLIC_URL`). */
  publicUrl: string;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const tags = ['admin'];

/**
 * The back office's customers under `/api/admin` (issue #21, decision 0038): owner and support
 * staff (catalog 403, no session 401, a write without its XSRF token 403), answers `no-store`.
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod<AdminCustomerRoutesOptions> = async (app, { db, outbox, publicUrl }) => {
  app.addHook('onRequest', requireStaff(db, ['owner', 'support']));
  // The password-reset action has no body; a client may still send its JSON content type.
  acceptEmptyJsonBodies(app);

  app.get(
    '/customers',
    {
      schema: {
        tags,
        summary: 'Customers, newest first; `q` is part of an email or a name',
        querystring: AdminCustomerListQuerySchema,
        response: { 200: AdminCustomerListResponseSchema, ...errors },
      },
    },
    (request) => listCustomers(db, request.query),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        summary: 'One customer: profile, addresses, latest orders, lifetime spend (never a password hash)',
        params: AdminCustomerParamsSchema,
        response: { 200: AdminCustomerResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getCustomer(db, request.params.id) }),
  );

  app.patch(
    '/customers/:id',
    {
      schema: {
        tags,
        summary: 'Disable a customer (they cannot sign in, and their sessions end at once) or enable them again',
        params: AdminCustomerParamsSchema,
        body: UpdateCustomerBodySchema,
        response: { 200: AdminCustomerResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await setCustomerDisabled(db, request.params.id, request.body.disabled, auditActorOf(request)) }),
  );

  app.post(
    '/customers/:id/password-reset',
    {
      schema: {
        tags,
        summary: 'Mail the customer the shop’s password-reset link, in the language of their latest order; 409 for a disabled account',
        params: AdminCustomerParamsSchema,
        response: { 202: CustomerPasswordResetResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await sendCustomerPasswordReset(db, request.params.id, auditActorOf(request), { publicUrl });
      outbox.wake();
      return reply.code(202).send({ data: { sent: true as const } });
    },
  );
};
