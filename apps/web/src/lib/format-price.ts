/** A price as cards and pages show it (spec section 9): `$` and two decimals, e.g. `$12.50`. */
export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}
