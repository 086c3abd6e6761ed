import type { Language } from './language';

/** Dollars as the storefront writes them: `$1,299.50` (Latin digits in both languages). */
export function formatDollars(value: number | null | undefined): string {
  if (value == null) return '';
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
