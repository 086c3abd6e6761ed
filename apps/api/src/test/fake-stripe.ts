import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The secret key the fake accepts unless told another; Stripe's test keys start `sk_test_`. */
export const FAKE_STRIPE_SECRET_KEY = 'sk_test_dukkan_fake_key';
/** A webhook signing secret for tests (Stripe's start `whsec_`). */
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_dukkan_fake_webhook_secret';

/** A request the fake received, its form body decoded into nested objects and arrays (values stay strings). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/** The fields of a Checkout Session the shop sends or reads, as Stripe answers them. */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  locale: string | null;
  url: string | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

export interface FakeStripe {
  /** `http://127.0.0.1:{port}`: `StripePaymentProvider`'s `apiBase`. */
  apiBase: string;
  /** Every request, in arrival order (the SDK's retries included). */
  requests: FakeStripeRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  refunds: FakeRefund[];
  /** The shopper paid on the page: the session is complete and paid, as the completed event carries it. */
  pay(sessionId: string): FakeCheckoutSession;
  /** The session ran out (or the shopper left): as the expired event carries it. */
  expire(sessionId: string): FakeCheckoutSession;
  /** From now on every refund is refused with this message (a 400, as Stripe refuses); `null` ends it. */
  refuseRefunds(message: string | null): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Decodes Stripe's form encoding (`line_items[0][price_data][currency]=usd`) into nested objects;
 * an object whose keys are all indices becomes an array.
 */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = key, ...rest] = key.split('[').map((part) => part.replace(/]$/, ''));
    const path = [head, ...rest];
    let node = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      node[segment] = typeof next === 'object' && next !== null ? next : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

/** Stripe's error answer. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

function wholeNumber(value: unknown, name: string): number {
  const number = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(number) || number < 0) {
    throw new StripeApiError(400, 'invalid_request_error', `Invalid integer: ${name}`, 'parameter_invalid_integer');
  }
  return number;
}

/**
 * A local stand-in for the three Stripe endpoints the shop calls — create and retrieve a
 * Checkout Session, create a refund — on 127.0.0.1, so the real SDK is exercised without the
 * network. Like Stripe it checks the bearer key, answers a repeated `Idempotency-Key` with the
 * first answer (and refuses the key with other parameters), refuses an `expires_at` outside 30
 * minutes to 24 hours, and computes `amount_total` from the line items it was sent.
 */
export async function startFakeStripe({ secretKey = FAKE_STRIPE_SECRET_KEY }: { secretKey?: string } = {}): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const answered = new Map<string, { body: string; status: number; answer: unknown }>();
  let refundRefusal: string | null = null;

  const createSession = (body: Record<string, unknown>): FakeCheckoutSession => {
    const lines = Array.isArray(body.line_items) ? body.line_items.map(record) : [];
    if (lines.length === 0) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: line_items.', 'parameter_missing');
    let currency: string | undefined;
    let total = 0;
    lines.forEach((line, i) => {
      const price = record(line.price_data);
      const lineCurrency = text(price.currency);
      if (!lineCurrency || (currency && lineCurrency !== currency)) {
        throw new StripeApiError(400, 'invalid_request_error', 'All line items must be in one currency.');
      }
      if (!text(record(price.product_data).name)) throw new StripeApiError(400, 'invalid_request_error', `Missing required param: line_items[${i}][price_data][product_data][name].`);
      currency = lineCurrency;
      total += wholeNumber(price.unit_amount, `line_items[${i}][price_data][unit_amount]`) * wholeNumber(line.quantity, `line_items[${i}][quantity]`);
    });
    const now = nowSeconds();
    const expiresAt = body.expires_at === undefined ? now + 24 * 3600 : wholeNumber(body.expires_at, 'expires_at');
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      throw new StripeApiError(400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    const sessionId = id('cs_test');
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: text(body.mode) ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      amount_subtotal: total,
      currency: currency ?? 'usd',
      metadata: strings(body.metadata),
      client_reference_id: text(body.client_reference_id) ?? null,
      payment_intent: id('pi_test'),
      success_url: text(body.success_url) ?? '',
      cancel_url: text(body.cancel_url) ?? '',
      expires_at: expiresAt,
      locale: text(body.locale) ?? null,
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      created: now,
      livemode: false,
    };
    sessions.set(sessionId, session);
    return session;
  };

  const createRefund = (body: Record<string, unknown>): FakeRefund => {
    if (refundRefusal !== null) throw new StripeApiError(400, 'invalid_request_error', refundRefusal, 'charge_disputed');
    const paymentIntent = text(body.payment_intent);
    const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
    if (!paymentIntent || !session) throw new StripeApiError(404, 'invalid_request_error', `No such payment_intent: '${paymentIntent ?? ''}'`, 'resource_missing');
    if (session.payment_status !== 'paid') throw new StripeApiError(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.', 'charge_not_refundable');
    const refunded = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? session.amount_total - refunded : wholeNumber(body.amount, 'amount');
    if (amount <= 0 || refunded + amount > session.amount_total) {
      throw new StripeApiError(400, 'invalid_request_error', `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge.`, 'amount_too_large');
    }
    const refund: FakeRefund = {
      id: id('re_test'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: paymentIntent,
      metadata: strings(body.metadata),
      status: 'succeeded',
      created: nowSeconds(),
    };
    refunds.push(refund);
    return refund;
  };

  const route = (method: string, path: string, body: Record<string, unknown>): unknown => {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1] ?? '');
      if (!session) throw new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${sessionPath[1]}'`, 'resource_missing');
      return session;
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  const send = (res: ServerResponse, status: number, answer: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
    res.end(JSON.stringify(answer));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, rawBody: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const idempotencyKey = text(req.headers['idempotency-key']);
    const body = decodeStripeForm(method === 'GET' ? url.search.slice(1) : rawBody);
    requests.push({ method, path: url.pathname, body, authorization: req.headers.authorization, idempotencyKey });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : undefined;
    const previous = replayKey ? answered.get(replayKey) : undefined;
    if (previous) {
      if (previous.body !== rawBody) {
        send(res, 400, {
          error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
        });
        return;
      }
      send(res, previous.status, previous.answer, { 'idempotent-replayed': 'true' });
      return;
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = route(method, url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } };
    }
    if (replayKey) answered.set(replayKey, { body: rawBody, status, answer });
    send(res, status, answer);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        send(res, 500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    return session;
  };

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    pay: (sessionId) => Object.assign(sessionOf(sessionId), { status: 'complete', payment_status: 'paid', url: null }),
    expire: (sessionId) => Object.assign(sessionOf(sessionId), { status: 'expired', url: null }),
    refuseRefunds: (message) => {
      refundRefusal = message;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps its connections alive; they would hold close() open.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A webhook event as Stripe sends it (`object: 'event'`, the session under `data.object`), as the
 * raw JSON text to sign with `Stripe.webhooks.generateTestHeaderString`.
 */
export function stripeEvent(type: string, object: unknown, eventId = id('evt_test')): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: nowSeconds(),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}
