// How the shop writes amounts and lists, the same on every page it serves (the storefront, the
// sandbox's card page), in its mail and in the operator's command.
import type { Language } from './common';

/**
 * Dollars and cents with thousands grouped: `1,299.50`. Latin digits, `,` and `.` in Arabic too:
 * the shop writes every number that way in both languages (apps/web's delivery-date.ts).
 *
 * Rounded as `Intl.NumberFormat('en-US')` rounds: the decimal digits JavaScript writes for the
 * number (0.015, not the binary 0.01499…), halves away from zero. Not Intl itself: building a
 * formatter loads ICU's data, about 10 ms of a phone's time in the page's first task, for the
 * shop's one number format.
 */
function formatAmount(amount: number): string {
  const written = String(Math.abs(amount));
  let cents: number;
  if (written.includes('e')) {
    // Under 0.000001 or over 10^21: no amount the shop shows.
    cents = Math.abs(amount) < 1 ? 0 : Math.round(Math.abs(amount) * 100);
  } else {
    const [whole = '0', fraction = ''] = written.split('.');
    cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (fraction.charAt(2) >= '5' ? 1 : 0);
  }
  const grouped = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 ? '-' : ''}${grouped}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * An amount in dollars as the shop writes it (spec section 9), the same in English and Arabic:
 * `$` before the amount, two decimals, thousands grouped, e.g. `$1,299.50`. The shop has one
 * currency, USD. Intl's currency style is not used: in Arabic it writes `US$` after the amount
 * (and, in browsers that default Arabic to Arabic-Indic digits, `١٬٢٩٩٫٥٠ US$`).
 *
 * Every amount the shop writes goes through this function: the storefront's (`PriceAmount` in
 * apps/web's components/price.tsx wraps it), the card page's, the mail's. In a right-to-left
 * page, show the result isolated left-to-right (`<bdi dir="ltr">`), or the bidi algorithm moves
 * the `$` behind the number. An amount the API holds in cents is written `formatPrice(cents / 100)`.
 */
export function formatPrice(price: number): string {
  return `$${formatAmount(price)}`;
}

/** What separates the parts of a list: Arabic writes its own comma, '،' (U+060C). */
const LIST_SEPARATORS: Record<Language, string> = { en: ', ', ar: '، ' };

/**
 * The non-blank parts of a line joined with the language's comma: an address's street, area,
 * city and country read "26th of July St., Zamalek, Cairo, Egypt" in English and "شارع 26 يوليو،
 * الزمالك، القاهرة، مصر" in Arabic. Every line the shop writes from parts goes through it.
 */
export function joinParts(parts: readonly string[], lng: Language): string {
  return parts.filter((part) => part.trim() !== '').join(LIST_SEPARATORS[lng]);
}
