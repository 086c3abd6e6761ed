/**
 * Dollars and cents with thousands grouped: `1,299.50`. Latin digits, `,` and `.` in Arabic too:
 * the shop writes every number that way in both languages (see delivery-date.ts).
 */
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A price in dollars as the shop writes it (spec section 9), the same in English and Arabic:
 * `$` before the amount, two decimals, thousands grouped, e.g. `$1,299.50`. The shop has one
 * currency, USD. Intl's currency style is not used: in Arabic it writes `US$` after the amount
 * (and, in browsers that default Arabic to Arabic-Indic digits, `١٬٢٩٩٫٥٠ US$`).
 *
 * Every price on screen goes through this function (`PriceAmount` in components/price.tsx
 * wraps it). In a right-to-left page, show the result isolated left-to-right
 * (`<bdi dir="ltr">`), or the bidi algorithm moves the `$` behind the number.
 */
export function formatPrice(price: number): string {
  return `$${AMOUNT.format(price)}`;
}
