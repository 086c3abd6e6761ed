import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Language } from '@dukkan/contracts/common';

/** A line of a hosted checkout page: what the shopper sees they pay for. */
export interface CheckoutLine {
  title: string;
  quantity: number;
  unitAmountCents: number;
}

/** An order's line as it was paid for: its units, and what they paid in all after the line's discount. */
export interface PaidLine {
  title: string;
  quantity: number;
  paidCents: number;
}

/**
 * The lines a provider charges for an order, at whole-cent unit amounts that add up exactly to
 * what each line paid (issue #35): a line whose paid amount does not divide by its units is
 * charged as two, the first units one cent dearer (3 for $10.00: 1 at $3.34, 2 at $3.33).
 */
export function checkoutLines(lines: readonly PaidLine[]): CheckoutLine[] {
  return lines.flatMap(({ title, quantity, paidCents }) => {
    const unit = Math.floor(paidCents / quantity);
    const dearer = paidCents - unit * quantity;
    const split = [
      { title, quantity: dearer, unitAmountCents: unit + 1 },
      { title, quantity: quantity - dearer, unitAmountCents: unit },
    ];
    return split.filter((line) => line.quantity > 0);
  });
}

/** What a provider needs to open a hosted checkout page for one order. */
export interface CheckoutSessionRequest {
  orderId: string;
  userId: string;
  /** The order's amount, computed by the shop from its own prices. */
  amountCents: number;
  currency: string;
  lines: CheckoutLine[];
  /** Where the page sends the shopper after paying, and after cancelling. */
  successUrl: string;
  cancelUrl: string;
  /** The page stops taking payments at this moment (the order's `payBy`). */
  expiresAt: Date;
  lng: Language;
}

/** A hosted checkout page the provider opened: its id at the provider and where to send the browser. */
export interface CreatedCheckoutSession {
  providerSessionId: string;
  url: string;
}

/**
 * What a verified provider event means for the shop. `paid`: the session's payment succeeded,
 * for `amountCents` in `currency`. `expired`: the session ended unpaid (timed out, or the shopper
 * cancelled on the card page). `ignored`: an event type the shop does not act on.
 */
export type PaymentEvent =
  | { kind: 'paid'; eventId: string; providerSessionId: string; orderId: string; amountCents: number; currency: string }
  | { kind: 'expired'; eventId: string; providerSessionId: string; orderId: string }
  | { kind: 'ignored'; eventId: string; type: string };

/** A webhook delivery the shop refuses: unsigned, wrongly signed, stale or malformed. */
export class WebhookRefusedError extends Error {
  constructor(
    readonly code: 'MISSING_SIGNATURE' | 'INVALID_SIGNATURE' | 'STALE_EVENT' | 'INVALID_EVENT',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRefusedError';
  }
}

/**
 * A payment provider (blueprint, Payments): opens a hosted checkout page for an order, and turns
 * the provider's signed webhook delivery into a `PaymentEvent`. Orders are marked paid only by
 * such an event (modules/payments/service.ts), never by the browser reaching the success page.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The request header that carries the webhook's signature. */
  readonly signatureHeader: string;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;
  /** Verifies the delivery's signature over its raw body and reads it; throws `WebhookRefusedError`. */
  parseEvent(rawBody: Buffer, signature: string | undefined, nowMs?: number): PaymentEvent;
  /**
   * Gives back `amountCents` of a paid session's money (a refund, whole or partial, or a paid
   * order cancelled). `refundId` is the shop's id of this refund (its `refunds` row): asked again
   * with the same id, the provider answers the refund it made instead of making a second one.
   * Throws `RefundRefusedError` when the provider answered and refused; another error means its
   * answer is unknown (the refund may or may not have been made: ask again with the same id).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export interface RefundRequest {
  orderId: string;
  providerSessionId: string;
  amountCents: number;
  /** The shop's id of the refund; the provider's idempotency key. */
  refundId: string;
}

/** The provider made the refund: its id there. */
export interface RefundResult {
  kind: 'refunded';
  refundId: string;
}

/** The provider answered, and refused the refund; `message` is its reason, in its words. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

/** How old a signed event may be when it arrives (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signature scheme of Stripe's webhooks, which the sandbox uses too: the header is
 * `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}`.
 */
export function signPayload(secret: Buffer, rawBody: string | Buffer, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** Checks a `t=...,v1=...` signature over the raw body, timing-safe, and that it is fresh. */
export function verifySignedPayload(secret: Buffer, rawBody: Buffer, header: string | undefined, nowMs = Date.now()): void {
  if (!header) throw new WebhookRefusedError('MISSING_SIGNATURE', 'The event is not signed');
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (!key || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const given = parts.get('v1') ?? [];
  if (!Number.isInteger(timestamp) || given.length === 0) throw new WebhookRefusedError('INVALID_SIGNATURE', 'The event signature is malformed');
  const expected = Buffer.from(signPayload(secret, rawBody, timestamp).split('v1=')[1] ?? '', 'utf8');
  const matches = given.some((candidate) => {
    const buffer = Buffer.from(candidate, 'utf8');
    return buffer.length === expected.length && timingSafeEqual(buffer, expected);
  });
  if (!matches) throw new WebhookRefusedError('INVALID_SIGNATURE', 'The event signature does not match');
  if (Math.abs(nowMs / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookRefusedError('STALE_EVENT', 'The event is too old to be accepted');
  }
}
