import type { Language } from '@dukkan/contracts/common';

/**
 * The day an order was placed, as the shop writes it: "Nov 23, 2026" in English,
 * "23 نوفمبر 2026" in Arabic (Latin digits, as every number of the shop). An unreadable date is
 * shown as received.
 */
export function formatOrderDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/**
 * The time of day of a moment, as the shop writes it: "10:30 AM" in English, "10:30 ص" in
 * Arabic (Latin digits), in the shopper's time zone. An unreadable time is shown as received.
 */
export function formatTimeOfDay(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US';
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
}
