import type { PricedLine, Discount } from './amounts';
import { bestAutomatic, weigh, type Refusal } from './apply';
import type { NamedCandidate } from './candidates';

/*
 * Which promotion applies to a cart (issue #35, decision 0059): at most one — the code the
 * shopper entered when it applies, or else the automatic one that saves the most.
 */

/** Refusals that may pass by themselves (a use freed by an unpaid order that expires): the cart keeps the code. */
const PASSING_REFUSALS = new Set<Refusal['code']>(['PROMO_USED_UP', 'PROMO_ALREADY_USED']);

export interface CartPromotionOutcome {
  /** The promotion that applies, with its discount on the lines. */
  applied: { candidate: NamedCandidate; discount: Discount } | undefined;
  /** Why the entered code does not apply, and whether the cart drops it. */
  notice: { candidate: NamedCandidate; refusal: Refusal; removed: boolean } | undefined;
}

/**
 * What applies to `lines` at `now`: the entered promotion (undefined: none entered, or it no
 * longer exists) when it applies, else the best automatic one. An entered code that does not
 * apply is dropped, unless it may apply again by itself (used up, or the shopper's limit).
 */
export function promotionOfCart(entered: NamedCandidate | undefined, automatic: readonly NamedCandidate[], lines: readonly PricedLine[], now: Date): CartPromotionOutcome {
  let notice: CartPromotionOutcome['notice'];
  if (entered) {
    const weighed = weigh(entered, lines, now, entered.shopperUses);
    if (weighed.discount) return { applied: { candidate: entered, discount: weighed.discount }, notice: undefined };
    notice = { candidate: entered, refusal: weighed.refusal, removed: !PASSING_REFUSALS.has(weighed.refusal.code) };
  }
  const applied = bestAutomatic(automatic, lines, now, (id) => automatic.find((candidate) => candidate.id === id)?.shopperUses);
  return { applied, notice };
}
