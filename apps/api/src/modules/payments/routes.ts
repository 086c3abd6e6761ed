import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { CheckoutSessionBodySchema, CheckoutSessionResponseSchema, PaymentWebhookResponseSchema } from '@dukkan/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import { currentUser, requireUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import type { Metrics } from '../../lib/metrics';
import type { OutboxWorker } from '../../mail/outbox';
import { WebhookRefusedError, type PaymentProvider } from '../../payments/provider';

import { createCheckoutSession, handlePaymentEvent } from './service';

interface PaymentRoutesOptions {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  outbox: OutboxWorker;
  /** Counts the orders marked paid (`dukkan_orders_paid_total`). */
  metrics?: Metrics;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** The path the payment provider delivers its signed events to (the sandbox's too). */
export const WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Payments (spec section 7, blueprint Payments): opening the provider's hosted card page for an
 * order, and the webhook through which the provider's signed events — and only they — mark an
 * order paid. The path keeps the spec's `/stripe/` name whichever provider is configured.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, { db, provider, publicUrl, outbox, metrics }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/stripe/create-checkout-session',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Open the hosted card page for one of one’s unpaid orders; answers where to send the browser',
        security: [{ token: [] }],
        body: CheckoutSessionBodySchema,
        response: { 200: CheckoutSessionResponseSchema, ...errors },
      },
    },
    async (request) =>
      createCheckoutSession(
        db,
        currentUser(request).id,
        { orderId: request.body.order._id, bodyUserId: request.body.userId },
        { provider, publicUrl, lng: requestLanguage(request) },
      ),
  );

  // The webhook reads its body raw: the signature is over the exact bytes the provider sent.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      WEBHOOK_PATH.replace(/^\/api/, ''),
      {
        schema: {
          tags: ['payments'],
          summary: 'The payment provider’s signed events (not for browsers)',
          response: { 200: PaymentWebhookResponseSchema, 400: ErrorResponseSchema },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('The event must be a JSON body', 'INVALID_EVENT');
        const header = request.headers[provider.signatureHeader];
        let event;
        try {
          event = provider.parseEvent(request.body, typeof header === 'string' ? header : undefined);
        } catch (error) {
          if (error instanceof WebhookRefusedError) {
            request.log.warn({ code: error.code }, 'payment event refused');
            throw badRequest(error.message, error.code);
          }
          throw error;
        }
        const { outcome, paidOrderId } = await handlePaymentEvent(db, provider.name, event, { log: request.log, publicUrl });
        request.log.info({ eventId: event.eventId, kind: event.kind, outcome }, 'payment event');
        // Committed with its confirmation in the outbox: the worker sends it now.
        if (paidOrderId) {
          metrics?.orderPaid();
          outbox.wake();
        }
        return { received: true as const, outcome };
      },
    );
  });
};
