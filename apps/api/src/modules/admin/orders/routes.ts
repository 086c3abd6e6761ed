import { Readable } from 'node:stream';

import {
  AdminOrderListQuerySchema,
  AdminOrderListResponseSchema,
  AdminOrderParamsSchema,
  AdminOrderResponseSchema,
  CancelOrderBodySchema,
  OrderExportQuerySchema,
  OrderStatusBodySchema,
  RefundBodySchema,
} from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { dollarsToCents } from '@dukkan/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { HttpError } from '../../../lib/errors';
import type { PaymentProvider } from '../../../payments/provider';
import { advanceOrder } from '../../orders/advance';
import { cancelOrder } from '../../orders/cancel';
import { FulfilmentError, type FulfilmentContext } from '../../orders/fulfilment';
import { refundOrder } from '../../orders/refund';
import { auditActorOf } from '../audit/record';
import { requireStaff } from '../guard';

import { exportOrdersCsv, getAdminOrder, listAdminOrders } from './service';

export interface AdminOrderRoutesOptions {
  db: Database;
  provider: PaymentProvider;
  /** The shop's address (`PUBLIC_URL`): the shopper's mails link to their order there. */
  publicUrl: string;
  /** Refunds above this many cents need the owner (REFUND_APPROVAL_LIMIT); 0: no limit. */
  refundApprovalLimitCents: number;
  /** Woken after a change committed a mail to the outbox. */
  outbox?: { wake(): void };
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** A refusal of the fulfilment service as the HTTP error it answers. */
function asHttp(error: unknown): unknown {
  return error instanceof FulfilmentError ? new HttpError(error.status, error.code, error.message) : error;
}

/**
 * The back office's orders under `/api/admin` (issue #21, decision 0037): owner and support staff
 * only (catalog 403, no session 401, a write without its XSRF token 403). The changes go through
 * the fulfilment service `npm run orders` uses; each answers the order as the order page shows it.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod<AdminOrderRoutesOptions> = async (app, { db, provider, publicUrl, refundApprovalLimitCents, outbox }) => {
  app.addHook('onRequest', requireStaff(db, ['owner', 'support']));
  const contextOf = (request: Parameters<typeof auditActorOf>[0]): FulfilmentContext => ({ actor: auditActorOf(request), publicUrl, log: request.log });
  /** Runs a change, wakes the outbox (its mails are committed, or the change failed), answers the order. */
  const change = async (orderId: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      throw asHttp(error);
    } finally {
      outbox?.wake();
    }
    return { data: await getAdminOrder(db, orderId) };
  };

  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders, filtered by status, payment status, days and a search (order id, customer email or name), sorted and paged',
        querystring: AdminOrderListQuerySchema,
        response: { 200: AdminOrderListResponseSchema, ...errors },
      },
    },
    (request) => listAdminOrders(db, request.query),
  );

  app.get(
    '/orders/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders placed from `from` to `to` (UTC days, inclusive) as CSV, UTF-8 with a byte-order mark, columns ORDER_CSV_COLUMNS',
        querystring: OrderExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const name = `dukkan-orders${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(exportOrdersCsv(db, { from, to })));
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order with its lines, address, customer, payments, refunds and timeline',
        params: AdminOrderParamsSchema,
        response: { 200: AdminOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      try {
        return { data: await getAdminOrder(db, request.params.id) };
      } catch (error) {
        throw asHttp(error);
      }
    },
  );

  app.post(
    '/orders/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move a paid order one step on: Waiting for Supplier → Processing → Shipped → Delivered',
        params: AdminOrderParamsSchema,
        body: OrderStatusBodySchema,
        response: { 200: AdminOrderResponseSchema, ...errors },
      },
    },
    (request) => change(request.params.id, () => advanceOrder(db, request.params.id, contextOf(request), request.body.status)),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel an order not yet shipped: its stock back, and a paid one refunded in full',
        params: AdminOrderParamsSchema,
        body: CancelOrderBodySchema,
        response: { 200: AdminOrderResponseSchema, 502: ErrorResponseSchema, ...errors },
      },
    },
    (request) =>
      change(request.params.id, async () => {
        const outcome = await cancelOrder(db, request.params.id, provider, contextOf(request), request.body.reason, refundApprovalLimitCents);
        if (!outcome.wasPaid) return;
        const { refund } = outcome;
        if (refund.kind === 'failed') throw new FulfilmentError('REFUND_REFUSED', `The payment provider refused the refund: ${refund.message}`);
        if (refund.kind === 'pending') throw new FulfilmentError('REFUND_PENDING', 'The order is cancelled, but the payment provider did not answer: the refund is pending.');
        if (refund.kind === 'other-provider' || refund.kind === 'no-payment-found') {
          throw new FulfilmentError(
            'REFUND_REFUSED',
            refund.kind === 'other-provider'
              ? `The order is cancelled, but it was paid through ${refund.provider}, which the shop no longer uses: refund it there by hand.`
              : 'The order is cancelled, but no completed payment was found for it: refund it at the payment provider by hand.',
          );
        }
      }),
  );

  app.post(
    '/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid order in full or in part (dollars; no amount: all that is left), optionally returning units to stock',
        params: AdminOrderParamsSchema,
        body: RefundBodySchema,
        response: { 201: AdminOrderResponseSchema, 502: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { amount, reason, restock, items } = request.body;
      const answer = await change(request.params.id, () =>
        refundOrder(db, request.params.id, provider, contextOf(request), {
          amountCents: amount === undefined ? undefined : dollarsToCents(amount),
          reason,
          restock,
          items,
          approvalLimitCents: refundApprovalLimitCents,
        }),
      );
      return reply.code(201).send(answer);
    },
  );
};
