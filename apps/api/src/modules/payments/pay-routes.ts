import { PaySessionParamsSchema, SandboxCardFormSchema } from '@dukkan/contracts/orders';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

import type { Database } from '../../db/client';
import { requestLanguage } from '../../lib/language';
import { checkCard, type CardForm } from '../../payments/card';
import { renderPayPage } from '../../payments/pay-page';
import { SANDBOX_DECLINED_CARD, type SandboxPaymentProvider } from '../../payments/sandbox';

import { loadPaySession, payFormView, payStateView, type PaySession } from './pay-service';
import { WEBHOOK_PATH } from './routes';

interface PayRoutesOptions {
  db: Database;
  provider: SandboxPaymentProvider;
}


/** How many times the sandbox delivers an event before it gives up (a real provider retries for days). */
const DELIVERY_ATTEMPTS = 3;

/**
 * Sends a signed event to the shop's webhook route, through the same route, parser, signature
 * check and handler a real provider's delivery goes through; answers whether the shop took it.
 */
async function deliver(app: FastifyInstance, provider: SandboxPaymentProvider, rawBody: string): Promise<boolean> {
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [provider.signatureHeader]: provider.sign(rawBody) },
      payload: rawBody,
    });
    if (res.statusCode === 200) return true;
    app.log.warn({ attempt, status: res.statusCode }, 'sandbox payment event not accepted');
    // A refused event (4xx) will be refused again; only a fault is worth another try.
    if (res.statusCode < 500) return false;
  }
  return false;
}

/**
 * The sandbox provider's hosted card page, `/pay/{sessionId}` (blueprint, Payments): a plain HTML
 * form that works without JavaScript. Pay checks the card like a card form; 4000 0000 0000 0002
 * is declined, any other valid number pays: the page sends the signed `checkout.session.completed`
 * event to the webhook and then the browser to `/checkoutSuccess`. Cancel sends
 * `checkout.session.expired` (the order is cancelled and its stock returned) and goes back to
 * `/checkout`. The page speaks the shopper's language (`i18next` cookie or `?lng=`).
 */
export const payRoutes: FastifyPluginAsync<PayRoutesOptions> = async (app, { db, provider }) => {
  await app.register(fastifyFormbody, { bodyLimit: 4096 });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });


  app.get('/pay/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = PaySessionParamsSchema.parse(request.params);
    const lng = requestLanguage(request);
    const session = await loadPaySession(db, sessionId);
    const state = payStateView(session);
    const view = state ?? (await payFormView(db, session as PaySession, lng));
    return reply
      .code(view.kind === 'missing' ? 404 : view.kind === 'expired' ? 410 : 200)
      .type('text/html; charset=utf-8')
      .send(renderPayPage(view, lng));
  });

  app.post('/pay/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = PaySessionParamsSchema.parse(request.params);
    const lng = requestLanguage(request);
    const session = await loadPaySession(db, sessionId);
    const state = payStateView(session);
    if (state || !session) {
      const view = state ?? { kind: 'missing' };
      return reply.code(view.kind === 'paid' ? 409 : view.kind === 'missing' ? 404 : 410).type('text/html; charset=utf-8').send(renderPayPage(view, lng));
    }

    const parsed = SandboxCardFormSchema.safeParse(request.body ?? {});
    const values: CardForm = parsed.success ? parsed.data : { name: '', number: '', expiry: '', cvc: '' };
    const { errors, digits } = checkCard(values);
    const keep = { name: values.name, number: values.number, expiry: values.expiry };
    if (Object.keys(errors).length > 0) {
      return reply.code(400).type('text/html; charset=utf-8').send(renderPayPage(await payFormView(db, session, lng, { values: keep, errors }), lng));
    }
    if (digits === SANDBOX_DECLINED_CARD) {
      return reply
        .code(402)
        .type('text/html; charset=utf-8')
        .send(renderPayPage(await payFormView(db, session, lng, { values: keep, failure: 'declined' }), lng));
    }

    if (!(await deliver(app, provider, provider.buildEvent('checkout.session.completed', session)))) {
      return reply
        .code(502)
        .type('text/html; charset=utf-8')
        .send(renderPayPage(await payFormView(db, session, lng, { values: keep, failure: 'deliveryFailed' }), lng));
    }
    return reply.redirect(storefrontPaths.checkoutSuccess(session.orderId), 303);
  });

  app.post('/pay/:sessionId/cancel', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = PaySessionParamsSchema.parse(request.params);
    const session = await loadPaySession(db, sessionId);
    if (session?.status === 'open') await deliver(app, provider, provider.buildEvent('checkout.session.expired', session));
    return reply.redirect(storefrontPaths.checkout(), 303);
  });
};
