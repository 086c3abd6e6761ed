// How the shop writes amounts, lists, dates and counts, the same on every page it serves (the
// storefront, the back office, the sandbox's card page), in its mail and in the operator's command.
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
 * apps/web's components/price.tsx wraps it), the back office's, the card page's, the mail's. In a
 * right-to-left page, show the result isolated left-to-right (`<bdi dir="ltr">`), or the bidi
 * algorithm moves the `$` behind the number. An amount held in cents goes through money.ts's
 * `formatCents`.
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

/*
 * Dates and counts, in the storefront and the back office. Unlike amounts they go through Intl:
 * the language's month names and order, always with Latin digits (spec section 9).
 */

/** Intl's locale of a language: Arabic with Latin digits, as the shop writes every number. */
function intlLocale(lng: Language): string {
  return lng === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US';
}

/** A moment as a date and a time of the viewer's clock: `Nov 20, 2026, 9:30 AM`; text that is not a date as it is. */
export function formatDateTime(iso: string, lng: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(intlLocale(lng), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A UTC calendar day `YYYY-MM-DD` as a short date: `Nov 27` / `27 نوفمبر`. */
export function formatDay(day: string, lng: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(intlLocale(lng), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A moment as a date alone: `Nov 27, 2026`. */
export function formatDate(iso: string, lng: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(intlLocale(lng), { dateStyle: 'medium' });
}

/**
 * The day an order was placed, as the storefront writes it: "Nov 23, 2026" in English,
 * "23 نوفمبر 2026" in Arabic (Latin digits, as every number of the shop). An unreadable date is
 * shown as received.
 */
export function formatOrderDate(iso: string, lng: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(lng), { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/**
 * The time of day of a moment, as the storefront writes it: "10:30 AM" in English, "10:30 ص" in
 * Arabic (Latin digits), in the shopper's time zone. An unreadable time is shown as received.
 */
export function formatTimeOfDay(iso: string, lng: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(lng), { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** A count in the viewer's language, thousands grouped, with Latin digits: `1,234`. */
export function formatCount(value: number, lng: Language): string {
  return value.toLocaleString(intlLocale(lng));
}

/** The UTC day of a moment, `YYYY-MM-DD`. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC days up to `now`'s, both inclusive: the `from` and `to` of a report's query. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const from = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { from: utcDay(from), to: utcDay(now) };
}
