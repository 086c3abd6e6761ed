/*
 * What a promotion takes off a cart or an order, in integer cents (issue #35, decision 0059):
 * which lines it applies to, how much it saves, and each line's share, so that the shares add
 * up to the promotion's amount exactly and every line's paid amount, and every refund of it, is
 * whole cents. Pure functions: the cart, Place Order and refunds all compute with these.
 */

/** A line as a promotion sees it: its product, the product's department and its total in cents (price × quantity). */
export interface PricedLine {
  productId: string;
  departmentId: string;
  totalCents: number;
}

/** What a promotion takes, and from what. */
export interface PromotionTerms {
  /** `percent`: `value` is a whole percent, 1–100; `amount`: `value` is in cents. */
  kind: 'percent' | 'amount';
  value: number;
  /** The departments and products it is limited to; neither means every line. */
  departmentIds: readonly string[];
  productIds: readonly string[];
  /** The least the eligible lines must come to (0: none). */
  minSubtotalCents: number;
}

/** Whether each line is one the promotion applies to: in one of its departments or products, or every line when it names none. */
export function eligibleLines(terms: PromotionTerms, lines: readonly PricedLine[]): boolean[] {
  const everyLine = terms.departmentIds.length === 0 && terms.productIds.length === 0;
  return lines.map((line) => everyLine || terms.departmentIds.includes(line.departmentId) || terms.productIds.includes(line.productId));
}

/**
 * The promotion's amount on an eligible subtotal: a percent of it rounded half up to the cent
 * (in integers: no binary fraction is ever rounded), or the fixed amount, never more than the
 * eligible subtotal.
 */
export function promotionAmount(terms: Pick<PromotionTerms, 'kind' | 'value'>, eligibleCents: number): number {
  if (eligibleCents <= 0) return 0;
  // Exact while eligible × 100 stays below 2^53 cents: any cart.
  if (terms.kind === 'percent') return Math.floor((eligibleCents * terms.value + 50) / 100);
  return Math.min(terms.value, eligibleCents);
}

/**
 * `amountCents` spread over lines in proportion to their totals by largest remainder: each line
 * first gets the whole cents of its exact share, then the cents left over go one each to the
 * lines with the largest remainders (ties to the earlier line). The shares add up to the amount,
 * and none exceeds its line's total when the amount does not exceed theirs.
 */
export function spreadByLargestRemainder(amountCents: number, totals: readonly number[]): number[] {
  const whole = BigInt(totals.reduce((sum, total) => sum + total, 0));
  if (whole <= 0n || amountCents <= 0) return totals.map(() => 0);
  // In big integers: amount × total may pass 2^53 for a cart of dear things.
  const amount = BigInt(amountCents);
  const exact = totals.map((total) => amount * BigInt(total));
  const shares = exact.map((product) => Number(product / whole));
  let left = amountCents - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((product, line) => ({ line, remainder: product % whole }))
    .sort((a, b) => (a.remainder === b.remainder ? a.line - b.line : a.remainder > b.remainder ? -1 : 1));
  for (const { line } of byRemainder) {
    if (left === 0) break;
    shares[line] = (shares[line] as number) + 1;
    left--;
  }
  return shares;
}

/** What a promotion takes off lines: its amount, each line's share (0 for a line it does not apply to) and the eligible subtotal. */
export interface Discount {
  amountCents: number;
  shares: number[];
  eligibleCents: number;
  /** How many lines it applies to. */
  eligibleLines: number;
}

/**
 * The promotion's discount on `lines`: nothing when no line is eligible or the eligible lines
 * come to less than its minimum (`weigh` in apply.ts says why).
 */
export function discountOf(terms: PromotionTerms, lines: readonly PricedLine[]): Discount {
  const eligible = eligibleLines(terms, lines);
  const eligibleCents = lines.reduce((sum, line, k) => sum + (eligible[k] ? line.totalCents : 0), 0);
  const amountCents = eligibleCents >= terms.minSubtotalCents ? promotionAmount(terms, eligibleCents) : 0;
  const shares = spreadByLargestRemainder(
    amountCents,
    lines.map((line, k) => (eligible[k] ? line.totalCents : 0)),
  );
  return { amountCents, shares, eligibleCents, eligibleLines: eligible.filter(Boolean).length };
}

/**
 * What refunding `units` more of a line's `quantity` units returns, `refundedBefore` of them
 * refunded already, the line having paid `paidCents` in all: the units' part of what was paid,
 * rounded so that refunding them all, in any steps, returns exactly `paidCents`.
 */
export function refundOfUnits(paidCents: number, quantity: number, refundedBefore: number, units: number): number {
  if (units < 0 || refundedBefore < 0 || refundedBefore + units > quantity) throw new RangeError('More units than the line has');
  const upTo = (refunded: number) => Math.floor((paidCents * refunded) / quantity);
  return upTo(refundedBefore + units) - upTo(refundedBefore);
}
