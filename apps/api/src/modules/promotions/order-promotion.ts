import { eq } from 'drizzle-orm';

import type { Transaction } from '../../db/client';
import { carts } from '../../db/schema';

import type { Discount, PricedLine } from './amounts';
import { bestAutomatic, refusalError, weigh, type Refusal } from './apply';
import { candidateForOrder, cartCandidates, type NamedCandidate } from './candidates';

/*
 * The promotion of an order being placed (issue #35, decision 0059): the one of the shopper's
 * cart, weighed again on the order's lines inside Place Order's transaction, its cap counted
 * under the promotion's row lock.
 */

/** Refusals of the entered code that refuse the order (the shopper removes the code to order without it). */
const REFUSING_THE_ORDER = new Set<Refusal['code']>(['PROMO_USED_UP', 'PROMO_ALREADY_USED']);

export interface OrderPromotion {
  applied: { candidate: NamedCandidate; discount: Discount } | undefined;
  /** The entered code that no longer applied: the order is placed without it. */
  dropped: { code: string; refusal: Refusal } | undefined;
}

/**
 * What the order of `lines` gets, in Place Order's transaction with the shopper's row locked:
 * the code in the shopper's cart when it applies to these lines; a cap reached or the shopper's
 * own limit refuses the order (409 `PROMO_USED_UP` / `PROMO_ALREADY_USED`, and the transaction
 * rolls back); any other reason drops the code and the order goes on without it. Without a code
 * that applies, the automatic promotion that saves the most, its cap checked the same way.
 */
export async function promotionOfOrder(tx: Transaction, userId: string, lines: readonly PricedLine[], now: Date): Promise<OrderPromotion> {
  const [cart] = await tx.select({ promotionId: carts.promotionId }).from(carts).where(eq(carts.userId, userId));
  let dropped: OrderPromotion['dropped'];
  const entered = cart?.promotionId ? await candidateForOrder(tx, cart.promotionId, userId) : undefined;
  if (entered) {
    const weighed = weigh(entered, lines, now, entered.shopperUses);
    if (weighed.discount) return { applied: { candidate: entered, discount: weighed.discount }, dropped: undefined };
    if (REFUSING_THE_ORDER.has(weighed.refusal.code)) throw refusalError(weighed.refusal);
    dropped = { code: entered.code ?? '', refusal: weighed.refusal };
  }

  const { automatic } = await cartCandidates(tx, null, userId);
  const best = bestAutomatic(automatic, lines, now, (id) => automatic.find((candidate) => candidate.id === id)?.shopperUses);
  if (!best || best.candidate.usageLimit === null) return { applied: best, dropped };
  // Its cap, counted under its lock: if it filled meanwhile, the order goes on without it.
  const locked = await candidateForOrder(tx, best.candidate.id, userId);
  const weighed = locked ? weigh(locked, lines, now, locked.shopperUses) : undefined;
  return { applied: locked && weighed?.discount ? { candidate: locked, discount: weighed.discount } : undefined, dropped };
}
