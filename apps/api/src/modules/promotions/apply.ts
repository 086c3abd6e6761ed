import type { ErrorCode } from '@dukkan/contracts/errors';
import { formatCents } from '@dukkan/contracts/money';

import { discountOf, whyNot, type PricedLine, type PromotionTerms } from './amounts';

/*
 * Whether a promotion applies to lines, and why not (issue #35, decision 0059): one rule for
 * the cart's code and for Place Order, so the two never disagree on why a code is refused.
 */

/** A promotion as the cart and Place Order weigh it: its terms, its window, its limits and their uses. */
export interface PromotionCandidate extends PromotionTerms {
  id: string;
  code: string | null;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  /** Orders carrying it now (uses not released). */
  liveUses: number;
}

/** Why a promotion does not apply, as the API answers it: its code, its status and its message. */
export interface Refusal {
  code: Extract<ErrorCode, `PROMO_${string}`>;
  status: 404 | 409;
  message: string;
}

export const PROMO_MESSAGES = {
  PROMO_UNKNOWN: 'No promotion has this code',
  PROMO_NOT_STARTED: 'This promotion has not started yet',
  PROMO_EXPIRED: 'This promotion has ended',
  PROMO_USED_UP: 'This promotion has been used up',
  PROMO_ALREADY_USED: 'You have already used this promotion',
  PROMO_NOT_APPLICABLE: 'No item in your cart is part of this promotion',
} as const;

/** PROMO_MIN_SUBTOTAL's message: how much more of the promotion's items to add, in dollars. */
export const minSubtotalMessage = (shortCents: number) => `Add ${formatCents(shortCents)} more of this promotion's items to use it`;

const refusal = (code: keyof typeof PROMO_MESSAGES): Refusal => ({ code, status: code === 'PROMO_UNKNOWN' ? 404 : 409, message: PROMO_MESSAGES[code] });

/**
 * Why `promotion` does not apply to `lines` at `now`, or undefined when it does. An inactive
 * promotion is as unknown as a code no promotion has. `shopperUses` is how many of the shopper's
 * orders carry it now (undefined for a guest: their limit is checked when they place the order).
 */
export function refusalOf(promotion: PromotionCandidate, lines: readonly PricedLine[], now: Date, shopperUses?: number): Refusal | undefined {
  if (!promotion.active) return refusal('PROMO_UNKNOWN');
  if (promotion.startsAt !== null && promotion.startsAt > now) return refusal('PROMO_NOT_STARTED');
  if (promotion.endsAt !== null && promotion.endsAt <= now) return refusal('PROMO_EXPIRED');
  if (promotion.usageLimit !== null && promotion.liveUses >= promotion.usageLimit) return refusal('PROMO_USED_UP');
  if (promotion.perCustomerLimit !== null && shopperUses !== undefined && shopperUses >= promotion.perCustomerLimit) return refusal('PROMO_ALREADY_USED');
  const why = whyNot(promotion, lines);
  if (why?.reason === 'NOT_APPLICABLE') return refusal('PROMO_NOT_APPLICABLE');
  if (why?.reason === 'MIN_SUBTOTAL') return { code: 'PROMO_MIN_SUBTOTAL', status: 409, message: minSubtotalMessage(why.shortCents) };
  return undefined;
}

/**
 * Of the automatic promotions (no code), the one that saves `lines` the most; ties go to the one
 * that started first (always-on ones first), then by id. Undefined when none applies or saves a cent.
 */
export function bestAutomatic(candidates: readonly PromotionCandidate[], lines: readonly PricedLine[], now: Date, shopperUses: (id: string) => number | undefined): PromotionCandidate | undefined {
  let best: { candidate: PromotionCandidate; amountCents: number } | undefined;
  for (const candidate of candidates) {
    if (candidate.code !== null || refusalOf(candidate, lines, now, shopperUses(candidate.id))) continue;
    const { amountCents } = discountOf(candidate, lines);
    if (amountCents === 0) continue;
    if (!best || amountCents > best.amountCents || (amountCents === best.amountCents && startsFirst(candidate, best.candidate))) best = { candidate, amountCents };
  }
  return best?.candidate;
}

/** Whether `a` started before `b` (one with no start first), then by id. */
function startsFirst(a: PromotionCandidate, b: PromotionCandidate): boolean {
  const start = (p: PromotionCandidate) => p.startsAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return start(a) !== start(b) ? start(a) < start(b) : a.id < b.id;
}
