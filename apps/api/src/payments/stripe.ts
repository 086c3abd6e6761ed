import { createHash } from 'node:crypto';

import type { Language } from '@dukkan/contracts/common';
import { Stripe } from 'stripe';
import { z } from 'zod';

import {
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRefusedError,
  type CheckoutSessionRequest,
  type CreatedCheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  RefundRefusedError,
} from './provider';

export interface StripeProviderOptions {
  /** `STRIPE_SECRET_KEY` (`sk_live_…` / `sk_test_…`). */
  secretKey: string;
  /** `STRIPE_WEBHOOK_SECRET` (`whsec_…`): the signing secret of the shop's webhook endpoint. */
  webhookSecret: string;
  /** Where the SDK sends its requests instead of api.stripe.com (`http://127.0.0.1:4242`): tests point it at a local fake. */
  apiBase?: string;
}

/**
 * Stripe refuses a Checkout Session that expires less than 30 minutes or more than 24 hours
 * after it is created (API reference, `checkout.sessions.create` → `expires_at`). The margin
 * covers the time the request takes to reach Stripe.
 */
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
const SESSION_MARGIN_SECONDS = 60;

/**
 * Checkout's page languages. Arabic is not one of them (the SDK's `Locale` type lists every
 * one), so an Arabic shopper gets `auto`: the page follows the browser's language, else English.
 */
const CHECKOUT_LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = { en: 'en', ar: 'auto' };

/** The events that mean a session's money arrived: at once (cards), or later (bank debits). */
const PAID_EVENT_TYPES = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const EXPIRED_EVENT_TYPE = 'checkout.session.expired';

/** The envelope of every Stripe event; read again with zod, since it is the wire's JSON. */
const StripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});

/** The few fields of a Checkout Session that a `checkout.session.*` event carries and the shop reads. */
const CheckoutSessionObjectSchema = z.object({
  id: z.string().min(1),
  amount_total: z.number().int().nonnegative().nullable(),
  currency: z.string().min(3).nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  payment_status: z.string(),
});

/** What a session is created with, besides its idempotency key. */
type StripeCheckoutParams = Stripe.Checkout.SessionCreateParams;

/**
 * When the Stripe page stops taking payments: the order's `payBy`, kept within the window Stripe
 * accepts. With the default 30-minute payment time `payBy` is always a little less than 30
 * minutes away, so the page is kept open slightly longer than the order; a payment made in that
 * gap is the "late payment" modules/payments/service.ts already handles. A clamped time is
 * rounded up to the whole minute so that a repeated request in the same minute sends the same
 * parameters (and idempotency key).
 */
export function checkoutExpiry(payBy: Date, nowMs = Date.now()): number {
  const now = Math.floor(nowMs / 1000);
  const wanted = Math.floor(payBy.getTime() / 1000);
  const earliest = now + MIN_SESSION_SECONDS + SESSION_MARGIN_SECONDS;
  const latest = now + MAX_SESSION_SECONDS - SESSION_MARGIN_SECONDS;
  if (wanted < earliest) return Math.ceil(earliest / 60) * 60;
  if (wanted > latest) return Math.floor(latest / 60) * 60;
  return wanted;
}

/** Σ unit price × quantity of the page's lines, in cents. */
const linesTotal = (request: CheckoutSessionRequest) =>
  request.lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);

/** The SDK's `host`/`port`/`protocol` for an API base URL. */
function endpointOf(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe Checkout (blueprint, Payments; issue #9): the order's lines at the shop's own prices on
 * a page Stripe hosts, and Stripe's signed webhook events turned into `PaymentEvent`s. The order
 * id travels as the session's metadata (and its PaymentIntent's, so it shows in the Dashboard),
 * which is how an event finds its order again.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly signatureHeader = 'stripe-signature';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor({ secretKey, webhookSecret, apiBase }: StripeProviderOptions) {
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(apiBase ? endpointOf(apiBase) : {}),
    });
    this.webhookSecret = webhookSecret;
  }

  /**
   * Opens a Checkout Session for exactly the order's amount: when the lines do not add up to it,
   * nothing is sent (a page must never ask for another amount than the order's). Stripe answers
   * a repeated request with the same idempotency key with the same session, so a retry after a
   * lost answer opens no second page.
   */
  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    const total = linesTotal(request);
    if (total !== request.amountCents) {
      throw new Error(`Stripe checkout for order ${request.orderId}: the lines add up to ${total} cents, the order to ${request.amountCents}`);
    }
    const params = this.sessionParams(request);
    const session = await this.stripe.checkout.sessions.create(params, { idempotencyKey: sessionIdempotencyKey(request.orderId, params) });
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a page URL`);
    return { providerSessionId: session.id, url: session.url };
  }

  private sessionParams(request: CheckoutSessionRequest): StripeCheckoutParams {
    const currency = request.currency.toLowerCase();
    return {
      mode: 'payment',
      line_items: request.lines.map((line) => ({
        price_data: { currency, unit_amount: line.unitAmountCents, product_data: { name: line.title } },
        quantity: line.quantity,
      })),
      metadata: { orderId: request.orderId },
      client_reference_id: request.orderId,
      payment_intent_data: { metadata: { orderId: request.orderId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: checkoutExpiry(request.expiresAt),
      locale: CHECKOUT_LOCALES[request.lng],
    };
  }

  /**
   * Verifies Stripe's signature over the raw body with the SDK (5 minutes' tolerance; `nowMs`
   * stands for the moment of arrival) and reads the event. Refused: no signature, a signature
   * that does not match, a genuine one too old (`STALE_EVENT`), a body that is not an event.
   */
  parseEvent(rawBody: Buffer, signature: string | undefined, nowMs?: number): PaymentEvent {
    const json = this.verifiedJson(rawBody, signature, nowMs);
    const parsed = StripeEventSchema.safeParse(json);
    if (!parsed.success) throw new WebhookRefusedError('INVALID_EVENT', 'The event does not have the expected shape');
    const { id: eventId, type, data } = parsed.data;
    const ignored: PaymentEvent = { kind: 'ignored', eventId, type };
    if (!PAID_EVENT_TYPES.has(type) && type !== EXPIRED_EVENT_TYPE) return ignored;

    const session = CheckoutSessionObjectSchema.safeParse(data.object);
    if (!session.success) throw new WebhookRefusedError('INVALID_EVENT', 'The event does not carry a Checkout Session');
    const { id: providerSessionId, amount_total, currency, metadata, payment_status } = session.data;
    // A session this shop did not open (a Payment Link of the same account, say): nothing to do,
    // and a 200 rather than a 400 so that Stripe does not retry it for days.
    const orderId = metadata?.orderId;
    if (!orderId) return ignored;
    if (type === EXPIRED_EVENT_TYPE) return { kind: 'expired', eventId, providerSessionId, orderId };
    // `completed` with a bank debit still under way: the money comes with `async_payment_succeeded`.
    if (payment_status !== 'paid') return ignored;
    if (amount_total === null || currency === null) throw new WebhookRefusedError('INVALID_EVENT', 'A paid session must carry its amount');
    return { kind: 'paid', eventId, providerSessionId, orderId, amountCents: amount_total, currency };
  }

  /** The body as JSON, once the SDK has checked its signature; refusals as `WebhookRefusedError`. */
  private verifiedJson(rawBody: Buffer, signature: string | undefined, nowMs: number | undefined): unknown {
    if (!signature) throw new WebhookRefusedError('MISSING_SIGNATURE', 'The event is not signed');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowMs);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        if (this.signedIgnoringTime(rawBody, signature)) {
          throw new WebhookRefusedError('STALE_EVENT', 'The event is too old to be accepted');
        }
        throw new WebhookRefusedError('INVALID_SIGNATURE', 'The event signature does not match');
      }
      // The signature matched but the body is not JSON.
      if (error instanceof SyntaxError) throw new WebhookRefusedError('INVALID_EVENT', 'The event is not JSON');
      throw error;
    }
  }

  /**
   * Whether the signature is genuine when its age is not checked (tolerance 0 skips that check):
   * tells a stale event from a forged one without reading the SDK's error messages.
   */
  private signedIgnoringTime(rawBody: Buffer, signature: string): boolean {
    try {
      return this.stripe.webhooks.signature?.verifyHeader(rawBody, signature, this.webhookSecret, 0) === true;
    } catch {
      return false;
    }
  }

  /**
   * Refunds `amountCents` of a paid session's payment (the session's PaymentIntent). The
   * idempotency key names the shop's refund (`refund-{refunds row id}`), not the session: an
   * order may be refunded in parts, and each part once, however often it is asked. Stripe's
   * refusals (an invalid request, a card or permission error) throw `RefundRefusedError`;
   * a connection failure or a Stripe fault throws as is (the answer is unknown).
   */
  async refund({ orderId, providerSessionId, amountCents, refundId }: RefundRequest): Promise<RefundResult> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(providerSessionId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent || session.payment_status !== 'paid') {
        throw new RefundRefusedError(`Stripe session ${providerSessionId} of order ${orderId} has no payment to refund`);
      }
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { orderId, refundId } },
        { idempotencyKey: `refund-${refundId}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new RefundRefusedError(refund.failure_reason ? `Stripe's refund ${refund.id} ${refund.status}: ${refund.failure_reason}` : `Stripe's refund ${refund.id} ${refund.status}`);
      }
      return { kind: 'refunded', refundId: refund.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && isRefusal(error)) throw new RefundRefusedError(error.message);
      throw error;
    }
  }
}

/** A Stripe error that is Stripe's answer, not a lost one: a 4xx (bad request, card, permission, idempotency). */
function isRefusal(error: InstanceType<typeof Stripe.errors.StripeError>): boolean {
  return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429;
}

/**
 * `checkout-{order id}-{expires_at}-{digest of the parameters}`. Stripe refuses a key reused with
 * other parameters, so the key changes whenever they do (another minute's expiry, the page in
 * the other language), and is the same for a retry of the same request.
 */
function sessionIdempotencyKey(orderId: string, params: StripeCheckoutParams): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  return `checkout-${orderId}-${params.expires_at}-${digest}`;
}
