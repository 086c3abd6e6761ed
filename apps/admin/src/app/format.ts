import type { Language } from './language';

/** Intl's locale of a language: Arabic with Latin digits, as the shop writes every number (spec section 9). */
function locale(language: Language): string {
  return language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US';
}

/** Dollars as the storefront writes them: `$1,299.50` (Latin digits in both languages). */
export function formatDollars(value: number | null | undefined): string {
  if (value == null) return '';
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale(language), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A UTC calendar day `YYYY-MM-DD` as a short date: `Nov 27` / `27 نوفمبر`. */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(locale(language), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A day as a date alone: `Nov 27, 2026`. */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(locale(language), { dateStyle: 'medium' });
}

/** A count in the viewer's language, with Latin digits as the shop writes every number. */
export function formatCount(value: number, language: Language): string {
  return value.toLocaleString(locale(language));
}

/** The UTC day of a moment, `YYYY-MM-DD`. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC days up to today, both inclusive: the API's `from` and `to`. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const from = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { from: utcDay(from), to: utcDay(now) };
}
