import { randomUUID } from 'node:crypto';

import { Stripe } from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, stripeEvent, type FakeStripe } from '../test/fake-stripe';
import { testConfig } from '../test/test-app';

import { RefundRefusedError, WebhookRefusedError, type CheckoutSessionRequest, type PaymentEvent } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { checkoutExpiry, StripePaymentProvider } from './stripe';

import { createPaymentProvider } from './index';

let fake: FakeStripe;
let provider: StripePaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripePaymentProvider({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiBase: fake.apiBase });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const MINUTE = 60_000;

function checkoutRequest(overrides: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest {
  const orderId = randomUUID();
  return {
    orderId,
    userId: randomUUID(),
    amountCents: 2 * 1999 + 500,
    currency: 'usd',
    lines: [
      { title: 'Desk lamp', quantity: 2, unitAmountCents: 1999 },
      { title: 'Notebook', quantity: 1, unitAmountCents: 500 },
    ],
    successUrl: `https://shop.example/checkoutSuccess?order=${orderId}`,
    cancelUrl: 'https://shop.example/checkout',
    expiresAt: new Date(Date.now() + 45 * MINUTE),
    lng: 'en',
    ...overrides,
  };
}

/** The raw event and the `stripe-signature` Stripe's SDK makes for it. */
function signed(payload: string, { secret = FAKE_STRIPE_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  return { body: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) }) };
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookRefusedError) return error.code;
    throw error;
  }
  return undefined;
}

describe('the Stripe provider opening a Checkout Session', () => {
  it("sends the order's lines at the shop's prices in USD, its id and return URLs, and answers Stripe's page", async () => {
    const request = checkoutRequest();
    const created = await provider.createCheckoutSession(request);
    expect(created.providerSessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.test/c/pay/${created.providerSessionId}`);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}` });
    expect(sent?.idempotencyKey).toMatch(new RegExp(`^checkout-${request.orderId}-\\d+-[0-9a-f]{16}$`));
    expect(sent?.body).toEqual({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: 'Desk lamp' } }, quantity: '2' },
        { price_data: { currency: 'usd', unit_amount: '500', product_data: { name: 'Notebook' } }, quantity: '1' },
      ],
      metadata: { orderId: request.orderId },
      client_reference_id: request.orderId,
      payment_intent_data: { metadata: { orderId: request.orderId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
      locale: 'en',
    });
    expect(fake.sessions.get(created.providerSessionId)).toMatchObject({ amount_total: 4498, currency: 'usd', metadata: { orderId: request.orderId } });
  });

  it('opens no page when the lines do not add up to the order amount', async () => {
    await expect(provider.createCheckoutSession(checkoutRequest({ amountCents: 4497 }))).rejects.toThrow(/add up to 4498 cents, the order to 4497/);
    await expect(provider.createCheckoutSession(checkoutRequest({ lines: [] }))).rejects.toThrow(/add up to 0 cents/);
    expect(fake.requests).toEqual([]);
  });

  it('answers a repeated request with the same session (idempotency key), and a new one once its parameters change', async () => {
    const request = checkoutRequest();
    const first = await provider.createCheckoutSession(request);
    const again = await provider.createCheckoutSession(request);
    expect(again).toEqual(first);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([fake.requests[0]?.idempotencyKey, fake.requests[0]?.idempotencyKey]);

    // The same order's page in Arabic: other parameters, so another key rather than Stripe's idempotency error.
    const arabic = await provider.createCheckoutSession({ ...request, lng: 'ar', lines: request.lines.map((l) => ({ ...l, title: `${l.title} (ar)` })) });
    expect(arabic.providerSessionId).not.toBe(first.providerSessionId);
    expect(fake.requests[2]?.body).toMatchObject({ locale: 'auto' });
  });

  it('keeps the page open within the 30 minutes to 24 hours Stripe accepts', () => {
    const now = Date.parse('2026-11-23T12:00:10Z');
    const nowSeconds = now / 1000;
    // The default 30-minute payment time: payBy is always a little under 30 minutes away.
    const soon = checkoutExpiry(new Date(now + 29 * MINUTE), now);
    expect(soon - nowSeconds).toBeGreaterThanOrEqual(31 * 60);
    expect(soon % 60).toBe(0);
    expect(checkoutExpiry(new Date(now + 29 * MINUTE + 20_000), now + 20_000)).toBe(soon);
    expect(checkoutExpiry(new Date(now + 45 * MINUTE), now)).toBe(nowSeconds + 45 * 60);
    const far = checkoutExpiry(new Date(now + 3 * 24 * 60 * MINUTE), now);
    expect(far - nowSeconds).toBeLessThan(24 * 3600);
    expect(far - nowSeconds).toBeGreaterThan(23 * 3600);
  });

  it('is accepted by Stripe (the fake checks the window) when payBy is nearer than 30 minutes', async () => {
    const created = await provider.createCheckoutSession(checkoutRequest({ expiresAt: new Date(Date.now() + 5 * MINUTE) }));
    expect(fake.sessions.get(created.providerSessionId)?.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it("fails with Stripe's authentication error when the secret key is wrong", async () => {
    const wrong = new StripePaymentProvider({ secretKey: 'sk_test_not_this_one', webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiBase: fake.apiBase });
    await expect(wrong.createCheckoutSession(checkoutRequest())).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe("the Stripe provider reading Stripe's webhook events", () => {
  const orderId = randomUUID();
  const session = (fields: Record<string, unknown> = {}) => ({
    id: 'cs_test_event',
    object: 'checkout.session',
    amount_total: 4498,
    currency: 'usd',
    metadata: { orderId },
    payment_status: 'paid',
    status: 'complete',
    ...fields,
  });
  const read = (payload: string, options?: Parameters<typeof signed>[1], nowMs?: number): PaymentEvent => {
    const { body, signature } = signed(payload, options);
    return provider.parseEvent(body, signature, nowMs);
  };

  it('reads a paid completed session, an async payment that succeeded and an expired session', () => {
    const paid = stripeEvent('checkout.session.completed', session(), 'evt_paid');
    expect(read(paid)).toEqual({ kind: 'paid', eventId: 'evt_paid', providerSessionId: 'cs_test_event', orderId, amountCents: 4498, currency: 'usd' });
    const later = stripeEvent('checkout.session.async_payment_succeeded', session(), 'evt_async');
    expect(read(later)).toMatchObject({ kind: 'paid', eventId: 'evt_async', orderId });
    const expired = stripeEvent('checkout.session.expired', session({ payment_status: 'unpaid', amount_total: 4498, status: 'expired' }), 'evt_expired');
    expect(read(expired)).toEqual({ kind: 'expired', eventId: 'evt_expired', providerSessionId: 'cs_test_event', orderId });
  });

  it('ignores a completed session still waiting for its money, other events, and sessions the shop did not open', () => {
    const unpaid = stripeEvent('checkout.session.completed', session({ payment_status: 'unpaid' }), 'evt_unpaid');
    expect(read(unpaid)).toEqual({ kind: 'ignored', eventId: 'evt_unpaid', type: 'checkout.session.completed' });
    const other = stripeEvent('payment_intent.succeeded', { id: 'pi_test_1', object: 'payment_intent' }, 'evt_pi');
    expect(read(other)).toEqual({ kind: 'ignored', eventId: 'evt_pi', type: 'payment_intent.succeeded' });
    const foreign = stripeEvent('checkout.session.completed', session({ metadata: {} }), 'evt_foreign');
    expect(read(foreign)).toMatchObject({ kind: 'ignored' });
  });

  it('refuses unsigned, forged, tampered, stale and malformed deliveries', () => {
    const payload = stripeEvent('checkout.session.completed', session());
    const genuine = signed(payload);
    expect(refusal(() => provider.parseEvent(Buffer.from(payload), undefined))).toBe('MISSING_SIGNATURE');
    expect(refusal(() => provider.parseEvent(Buffer.from(payload), ''))).toBe('MISSING_SIGNATURE');
    expect(refusal(() => read(payload, { secret: 'whsec_someone_else' }))).toBe('INVALID_SIGNATURE');
    expect(refusal(() => provider.parseEvent(Buffer.from(payload.replace('4498', '1')), genuine.signature))).toBe('INVALID_SIGNATURE');
    expect(refusal(() => provider.parseEvent(Buffer.from(payload), 'v1=deadbeef'))).toBe('INVALID_SIGNATURE');
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(refusal(() => read(payload, { timestamp: tenMinutesAgo }))).toBe('STALE_EVENT');
    // A forged signature with an old timestamp is forged, not stale.
    expect(refusal(() => read(payload, { secret: 'whsec_someone_else', timestamp: tenMinutesAgo }))).toBe('INVALID_SIGNATURE');
    expect(refusal(() => read('not json'))).toBe('INVALID_EVENT');
    expect(refusal(() => read('{"not":"an event"}'))).toBe('INVALID_EVENT');
    expect(refusal(() => read(stripeEvent('checkout.session.completed', { id: 'cs_test_x' })))).toBe('INVALID_EVENT');
  });

  it('measures the 5 minutes from the given moment of arrival', () => {
    const payload = stripeEvent('checkout.session.completed', session());
    const signedAt = Math.floor(Date.now() / 1000) - 3600;
    expect(read(payload, { timestamp: signedAt }, (signedAt + 299) * 1000)).toMatchObject({ kind: 'paid' });
    expect(refusal(() => read(payload, { timestamp: signedAt }, (signedAt + 301) * 1000))).toBe('STALE_EVENT');
  });
});

describe('the Stripe provider refunding a paid session', () => {
  it('refunds each of the shop\'s refunds once, however often it is asked, and parts of one payment separately', async () => {
    const request = checkoutRequest();
    const { providerSessionId } = await provider.createCheckoutSession(request);
    const session = fake.pay(providerSessionId);
    fake.requests.length = 0;
    const refundId = randomUUID();

    const result = await provider.refund({ orderId: request.orderId, providerSessionId, amountCents: 1000, refundId });
    expect(result).toEqual({ kind: 'refunded', refundId: expect.stringMatching(/^re_test_/) as string });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${providerSessionId}`, 'POST /v1/refunds']);
    expect(fake.requests[1]).toMatchObject({
      idempotencyKey: `refund-${refundId}`,
      body: { payment_intent: session.payment_intent, amount: '1000', metadata: { orderId: request.orderId, refundId } },
    });

    // The same refund asked again: Stripe answers the one it made.
    expect(await provider.refund({ orderId: request.orderId, providerSessionId, amountCents: 1000, refundId })).toEqual(result);
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    // Another part of the same payment is a refund of its own.
    const second = await provider.refund({ orderId: request.orderId, providerSessionId, amountCents: 3498, refundId: randomUUID() });
    expect(second.refundId).not.toBe(result.refundId);
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([1000, 3498]);
    // Nothing is left: Stripe refuses, and the provider says it refused.
    await expect(provider.refund({ orderId: request.orderId, providerSessionId, amountCents: 1, refundId: randomUUID() })).rejects.toBeInstanceOf(RefundRefusedError);
  });

  it('refuses to refund a session that was never paid, and passes on a refusal in Stripe\'s words', async () => {
    const request = checkoutRequest();
    const { providerSessionId } = await provider.createCheckoutSession(request);
    await expect(provider.refund({ orderId: request.orderId, providerSessionId, amountCents: 4498, refundId: randomUUID() })).rejects.toThrow(/no payment to refund/);
    expect(fake.refunds.some((r) => r.metadata.orderId === request.orderId)).toBe(false);

    fake.pay(providerSessionId);
    fake.refuseRefunds('The charge was disputed.');
    try {
      const refused = provider.refund({ orderId: request.orderId, providerSessionId, amountCents: 4498, refundId: randomUUID() });
      await expect(refused).rejects.toBeInstanceOf(RefundRefusedError);
      await expect(refused).rejects.toThrow('The charge was disputed.');
    } finally {
      fake.refuseRefunds(null);
    }
  });
});

describe('createPaymentProvider', () => {
  const secret = new TextEncoder().encode('test-secret-of-at-least-32-characters!');

  it('builds the Stripe provider when PAYMENT_PROVIDER=stripe has both keys', () => {
    const config = testConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const built = createPaymentProvider(config, secret);
    expect(built).toBeInstanceOf(StripePaymentProvider);
    expect(built).toMatchObject({ name: 'stripe', signatureHeader: 'stripe-signature' });
  });

  it('builds the sandbox by default', () => {
    expect(createPaymentProvider(testConfig(), secret)).toBeInstanceOf(SandboxPaymentProvider);
  });

  it('refuses Stripe without its keys, even from a configuration loadConfig did not make', () => {
    expect(() => createPaymentProvider({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_x', stripeWebhookSecret: undefined }, secret)).toThrow(
      /needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
  });
});
