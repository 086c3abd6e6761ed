import type { TFunction } from 'i18next';

/*
 * The words of an order's values that the contracts keep as plain strings: a payment session's
 * state, the mails of an order's timeline and their delivery state (issue #32: the timeline showed
 * `order-confirmation`, the payments table `completed`). Each has a text in both languages
 * (`order.paymentStates`, `order.mails`, `order.mailStates`; a test goes through these lists).
 */

/** `payment_sessions.status` (its check constraint): open, then completed (paid), expired or cancelled. */
export const PAYMENT_SESSION_STATES = ['open', 'completed', 'expired', 'cancelled'] as const;

/** The mails the API writes about an order (`outbox.kind` with an `order_id`), as a timeline's `note`. */
export const ORDER_MAIL_KINDS = ['order-confirmation', 'order-shipped', 'order-delivered', 'order-cancelled', 'order-refunded'] as const;

/** `outbox.status`: a timeline mail's `mailStatus`. */
export const MAIL_STATES = ['pending', 'sent', 'failed'] as const;

function known<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** A payment session's state in the viewer's language; one the back office does not know yet as it came. */
export function paymentStateLabel(t: TFunction, state: string): string {
  return known(PAYMENT_SESSION_STATES, state) ? t(`order.paymentStates.${state}`) : state;
}

/** What a timeline mail was, in the viewer's language. */
export function mailLabel(t: TFunction, kind: string | null): string {
  return known(ORDER_MAIL_KINDS, kind) ? t(`order.mails.${kind}`) : (kind ?? '');
}

/** A timeline mail's delivery state, in the viewer's language. */
export function mailStateLabel(t: TFunction, state: string | null): string {
  return known(MAIL_STATES, state) ? t(`order.mailStates.${state}`) : (state ?? '');
}
