import type { Language } from '@dukkan/contracts/common';

export type Direction = 'ltr' | 'rtl';

/**
 * The shop's language for any language code i18next or a browser reports
 * (`ar`, `ar-EG`, `en-US`, `fr`...): Arabic for Arabic codes, otherwise English, the default.
 */
export function toShopLanguage(code: string | null | undefined): Language {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return base === 'ar' ? 'ar' : 'en';
}

/** Writing direction of a language code: Arabic is right-to-left, everything else left-to-right. */
export function directionOf(code: string | null | undefined): Direction {
  return toShopLanguage(code) === 'ar' ? 'rtl' : 'ltr';
}
