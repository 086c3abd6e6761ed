import type { PromoRefusalCode } from '@dukkan/contracts/cart';
import { centsToDollars, formatCents } from '@dukkan/contracts/money';

import { PromoRefusedError } from '../../lib/errors';

import { discountOf, type Discount, type PricedLine, type PromotionTerms } from './amounts';

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

/** Why a promotion does not apply, as the API answers it: its code, its status and its message (and for a minimum not met, the cents short). */
export interface Refusal {
  code: PromoRefusalCode;
  status: 404 | 409;
  message: string;
  shortCents?: number;
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

export const refusal = (code: keyof typeof PROMO_MESSAGES): Refusal => ({ code, status: code === 'PROMO_UNKNOWN' ? 404 : 409, message: PROMO_MESSAGES[code] });

/** The API's error for a refusal: its status and code, and for a minimum not met the dollars missing. */
export const refusalError = ({ code, status, message, shortCents }: Refusal) =>
  new PromoRefusedError(status, code, message, shortCents === undefined ? undefined : centsToDollars(shortCents));

/** What weighing a promotion against lines gives: why it does not apply, or what it takes off them. */
export type Weighing = { refusal: Refusal; discount?: undefined } | { refusal?: undefined; discount: Discount };

/**
 * Whether `promotion` applies to `lines` at `now`, in the order a shopper is told why not: an
 * inactive promotion is as unknown as a code no promotion has; then its window, its cap, the
 * shopper's own limit (`shopperUses`: how many of the shopper's orders carry it now; undefined
 * for a guest, whose limit is checked when they place the order), its lines and its minimum.
 * When it applies, its discount on the lines (computed once).
 */
export function weigh(promotion: PromotionCandidate, lines: readonly PricedLine[], now: Date, shopperUses?: number): Weighing {
  if (!promotion.active) return { refusal: refusal('PROMO_UNKNOWN') };
  if (promotion.startsAt !== null && promotion.startsAt > now) return { refusal: refusal('PROMO_NOT_STARTED') };
  if (promotion.endsAt !== null && promotion.endsAt <= now) return { refusal: refusal('PROMO_EXPIRED') };
  if (promotion.usageLimit !== null && promotion.liveUses >= promotion.usageLimit) return { refusal: refusal('PROMO_USED_UP') };
  if (promotion.perCustomerLimit !== null && shopperUses !== undefined && shopperUses >= promotion.perCustomerLimit) return { refusal: refusal('PROMO_ALREADY_USED') };
  const discount = discountOf(promotion, lines);
  if (discount.eligibleLines === 0) return { refusal: refusal('PROMO_NOT_APPLICABLE') };
  if (discount.eligibleCents < promotion.minSubtotalCents) {
    const shortCents = promotion.minSubtotalCents - discount.eligibleCents;
    return { refusal: { code: 'PROMO_MIN_SUBTOTAL', status: 409, message: minSubtotalMessage(shortCents), shortCents } };
  }
  return { discount };
}

/** Why `promotion` does not apply to `lines` at `now`, or undefined when it does (see `weigh`). */
export function refusalOf(promotion: PromotionCandidate, lines: readonly PricedLine[], now: Date, shopperUses?: number): Refusal | undefined {
  return weigh(promotion, lines, now, shopperUses).refusal;
}

/**
 * Of the automatic promotions (no code), the one that saves `lines` the most, with its
 * discount; ties go to the one that started first (always-on ones first), then by id.
 * Undefined when none applies or saves a cent.
 */
export function bestAutomatic<C extends PromotionCandidate>(
  candidates: readonly C[],
  lines: readonly PricedLine[],
  now: Date,
  shopperUses: (id: string) => number | undefined,
): { candidate: C; discount: Discount } | undefined {
  let best: { candidate: C; discount: Discount } | undefined;
  for (const candidate of candidates) {
    if (candidate.code !== null) continue;
    const { discount } = weigh(candidate, lines, now, shopperUses(candidate.id));
    if (!discount || discount.amountCents === 0) continue;
    const saved = discount.amountCents;
    if (!best || saved > best.discount.amountCents || (saved === best.discount.amountCents && startsFirst(candidate, best.candidate))) best = { candidate, discount };
  }
  return best;
}

/** Whether `a` started before `b` (one with no start first), then by id. */
function startsFirst(a: PromotionCandidate, b: PromotionCandidate): boolean {
  const start = (p: PromotionCandidate) => p.startsAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return start(a) !== start(b) ? start(a) < start(b) : a.id < b.id;
}
