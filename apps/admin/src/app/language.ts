import type { Language } from '@dukkan/contracts/common';
import { readCookie } from '@dukkan/contracts/cookies';

/** The back office's two languages are the shop's (spec section 9). */
export type { Language };
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
