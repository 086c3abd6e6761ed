/** The back office's two languages, as on the storefront (spec section 9). */
export type Language = 'en' | 'ar';
export type Direction = 'ltr' | 'rtl';

export const LANGUAGES: readonly Language[] = ['en', 'ar'];
const COOKIE = 'i18next';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** `ar`, `ar-EG`... are Arabic; everything else English, the default. */
export function toLanguage(code: string | null | undefined): Language {
  return (code ?? '').trim().toLowerCase().split(/[-_]/)[0] === 'ar' ? 'ar' : 'en';
}

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The decoded value of a cookie, or `null`. */
export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * Spec section 9's order, as far as the back office needs it: `?lng=`, then the `i18next` cookie,
 * then the browser's language; English by default.
 */
export function detectLanguage(search: string = window.location.search, cookies: string = document.cookie, browser: string | undefined = navigator.language): Language {
  const fromQuery = new URLSearchParams(search).get('lng');
  if (fromQuery) return toLanguage(fromQuery);
  const fromCookie = readCookie(COOKIE, cookies);
  if (fromCookie) return toLanguage(fromCookie);
  return toLanguage(browser);
}

/** Stores the choice where the storefront keeps it: the `i18next` cookie, path `/`, for a year. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

/** `<html lang dir>` follow the language. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
