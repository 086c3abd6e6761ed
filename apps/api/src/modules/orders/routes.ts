import { ErrorResponseSchema } from '@dukkan/contracts/common';
import {
  OrderDraftSchema,
  OrderParamsSchema,
  OrderResponseSchema,
  OrdersResponseSchema,
  PlaceOrderHeadersSchema,
  PlaceOrderResponseSchema,
  UserOrdersParamsSchema,
} from '@dukkan/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import { currentUser, requireUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';

import { getOwnOrder, listOrders, ORDERS_NOT_FOUND_MESSAGE, placeOrder } from './service';

interface OrderRoutesOptions {
  db: Database;
  paymentTimeoutMinutes: number;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const security = [{ token: [] }];

/**
 * Orders (spec section 7): placing one from the checkout's draft, and reading one's own. Signed-in
 * shoppers only; every answer depends on who asks, so none is stored. Rules in service.ts, the
 * reasons in decision 0016.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { db, paymentTimeoutMinutes }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Before the body is read: a guest learns nothing from validation messages.
  app.addHook('onRequest', requireUser);

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place an order from the checkout draft; the server prices it and takes the stock',
        description:
          'Only `items[]._id`, `items[].quantity` and `shippingAddress._id` are read. Send `Idempotency-Key` so a retried request answers the same order.',
        security,
        headers: PlaceOrderHeadersSchema,
        body: OrderDraftSchema,
        response: { 201: PlaceOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, replayed, dropped } = await placeOrder(
        db,
        currentUser(request).id,
        {
          items: request.body.items.map(({ _id, quantity }) => ({ _id, quantity })),
          addressId: request.body.shippingAddress._id,
          idempotencyKey: request.headers['idempotency-key'],
          lng: requestLanguage(request),
        },
        { paymentTimeoutMinutes },
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const promoNotice = dropped ? { code: dropped.code, reason: dropped.refusal.code, message: dropped.refusal.message } : undefined;
      return reply.code(201).send({ data: order, ...(promoNotice ? { promoNotice } : {}) });
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of one’s orders; `order` is a list whose first element is the order',
        security,
        params: OrderParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await getOwnOrder(db, currentUser(request).id, request.params.id, requestLanguage(request));
      return { order: [order] satisfies [typeof order] };
    },
  );

  for (const which of ['past', 'coming'] as const) {
    app.get(
      `/orders/${which}/:userId`,
      {
        schema: {
          tags: ['orders'],
          summary:
            which === 'past' ? 'One’s delivered and cancelled orders, newest first' : 'One’s orders not yet delivered or cancelled, newest first',
          security,
          params: UserOrdersParamsSchema,
          response: { 200: OrdersResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        // Another account's lists answer as no account's would: 404, never telling it exists.
        if (request.params.userId !== user.id) throw notFound(ORDERS_NOT_FOUND_MESSAGE);
        return { allOrders: await listOrders(db, user.id, which, requestLanguage(request)) };
      },
    );
  }
};
