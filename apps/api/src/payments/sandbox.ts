import { hkdfSync, randomUUID } from 'node:crypto';

import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { z } from 'zod';

import {
  signPayload,
  verifySignedPayload,
  WebhookRefusedError,
  type CheckoutSessionRequest,
  type CreatedCheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type RefundResult,
} from './provider';

/** Labels the key the sandbox signs its events with, derived from the shop's secret (HKDF `info`). */
const SANDBOX_WEBHOOK_KEY_INFO = 'dukkan sandbox payment webhook v1';

/** The card that pays, and the card that is declined (blueprint, Payments). */
export const SANDBOX_PAYING_CARD = '4242424242424242';
export const SANDBOX_DECLINED_CARD = '4000000000000002';

/** The sandbox's events: Stripe's event shape, so one handler reads both. */
const SandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      amount_total: z.number().int().nonnegative().nullable(),
      currency: z.string().min(3),
      metadata: z.object({ orderId: z.string().min(1) }),
    }),
  }),
});
export type SandboxEvent = z.infer<typeof SandboxEventSchema>;

/** What the card page knows of the session it is paying or cancelling. */
export interface SandboxSession {
  providerSessionId: string;
  orderId: string;
  amountCents: number;
  currency: string;
}

/**
 * The default provider (blueprint): the shop itself hosts the card page at `/pay/{sessionId}`
 * (modules/payments/pay-routes.ts). Paying or cancelling there produces the same kind of signed
 * event a real provider sends — Stripe's shape and signature scheme, with a key derived from the
 * shop's secret — delivered to the shop's webhook route, where it is verified like any other.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly signatureHeader = 'dukkan-signature';
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), SANDBOX_WEBHOOK_KEY_INFO, 32));
  }

  createCheckoutSession(_request: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    const providerSessionId = randomUUID();
    // Relative: the card page is on the shop's own origin, whatever address the browser used.
    return Promise.resolve({ providerSessionId, url: storefrontPaths.pay(providerSessionId) });
  }

  /**
   * The sandbox takes no money, so it gives none back; it records the refund under an id of its
   * own (`sandbox_re_<uuid>`), so the shop's record has one as with a real provider.
   */
  refund(): Promise<RefundResult> {
    return Promise.resolve({ kind: 'refunded', refundId: `sandbox_re_${randomUUID()}` });
  }

  /** The event the card page sends when a session is paid (`completed`) or ends unpaid (`expired`). */
  buildEvent(type: 'checkout.session.completed' | 'checkout.session.expired', session: SandboxSession, nowMs = Date.now()): string {
    const event: SandboxEvent = {
      id: `evt_sbx_${randomUUID()}`,
      type,
      created: Math.floor(nowMs / 1000),
      data: {
        object: {
          id: session.providerSessionId,
          amount_total: type === 'checkout.session.completed' ? session.amountCents : null,
          currency: session.currency,
          metadata: { orderId: session.orderId },
        },
      },
    };
    return JSON.stringify(event);
  }

  /** The signature header's value for a raw event body. */
  sign(rawBody: string | Buffer, nowMs = Date.now()): string {
    return signPayload(this.key, rawBody, Math.floor(nowMs / 1000));
  }

  parseEvent(rawBody: Buffer, signature: string | undefined, nowMs = Date.now()): PaymentEvent {
    verifySignedPayload(this.key, rawBody, signature, nowMs);
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRefusedError('INVALID_EVENT', 'The event is not JSON');
    }
    const parsed = SandboxEventSchema.safeParse(json);
    if (!parsed.success) throw new WebhookRefusedError('INVALID_EVENT', 'The event does not have the expected shape');
    const { id: eventId, type, data } = parsed.data;
    const session = data.object;
    if (type === 'checkout.session.completed') {
      if (session.amount_total === null) throw new WebhookRefusedError('INVALID_EVENT', 'A completed session must carry its amount');
      return {
        kind: 'paid',
        eventId,
        providerSessionId: session.id,
        orderId: session.metadata.orderId,
        amountCents: session.amount_total,
        currency: session.currency,
      };
    }
    if (type === 'checkout.session.expired') {
      return { kind: 'expired', eventId, providerSessionId: session.id, orderId: session.metadata.orderId };
    }
    return { kind: 'ignored', eventId, type };
  }
}
