import type { Language } from '@dukkan/contracts/common';

import { MONTHS } from './delivery-date';

/**
 * The UTC day of a moment as the shop writes a date: "Nov 23, 2026" in English, "23 نوفمبر 2026"
 * in Arabic (Latin digits), as `formatOrderDate` writes it through Intl. From the tables, and in
 * UTC, for dates the server writes into a page: the browser then hydrates the same text whatever
 * its time zone, without building Intl's date machinery (lib/delivery-date.ts). A text that is not
 * a date is shown as it is.
 */
export function formatUtcDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = MONTHS[language][date.getUTCMonth()] ?? '';
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  return language === 'ar' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}
