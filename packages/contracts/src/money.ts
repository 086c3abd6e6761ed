import { formatPrice } from './format';

/*
 * Money (blueprint, Money): stored as integer cents, answered and entered in dollars. Every
 * conversion between the two goes through these, so no service rounds its own way.
 */

/** Dollars of a stored amount in cents: `129950` → `1299.5`. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Like `centsToDollars`, keeping "no amount" (a product's absent list price) as null. */
export function optionalCentsToDollars(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** Whole cents of an amount in dollars, rounded to the nearest cent: `19.99` → `1999` (not 1998.9999…). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * What a line of a cart or an order comes to, in dollars: its unit price times its quantity,
 * counted in whole cents, so 3 × $0.10 is $0.30 (not 0.30000000000000004). The cart, the checkout
 * and the back office's order page each show it.
 */
export function lineTotal(unitPrice: number, quantity: number): number {
  return centsToDollars(dollarsToCents(unitPrice) * quantity);
}

/** A stored amount in cents as the shop writes it: `129950` → `$1,299.50`. */
export function formatCents(cents: number): string {
  return formatPrice(centsToDollars(cents));
}
