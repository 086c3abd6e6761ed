// The named `use` is the default instance's bound `use`.
import i18next, { use as registerPlugin } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

import { directionOf, toShopLanguage } from '../lib/direction';

/** Namespaces loaded before the first render; pages load theirs (help, account, shopping) on use. */
export const INITIAL_NAMESPACES = ['common', 'catalog'] as const;

const ONE_YEAR_IN_MINUTES = 60 * 24 * 365;

/** Spec section 9: query `lng`, then the `i18next` cookie, the html tag, storage, the browser... */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'htmlTag', 'localStorage', 'sessionStorage', 'navigator', 'path', 'subdomain'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['cookie'],
  // The detector's default cookie lives 10 minutes; the choice must outlast the visit.
  cookieMinutes: ONE_YEAR_IN_MINUTES,
  cookieOptions: { path: '/', sameSite: 'lax' },
  // `ar-EG` and `en-US` become `ar` and `en`: the API only knows the two base languages.
  convertDetectedLanguage: (code) => code.split(/[-_]/)[0] ?? code,
};

/** `<html lang dir>` follow the language: `ar` gives `lang="ar" dir="rtl"`. */
export function applyDocumentLanguage(code: string | undefined): void {
  const language = toShopLanguage(code);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Starts i18next with the HTTP backend (`/locales/{lng}/{ns}.json`) and the language detector. */
export function initI18n() {
  i18next.on('languageChanged', (code) => applyDocumentLanguage(i18next.resolvedLanguage ?? code));
  return registerPlugin(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: detectionOptions,
      supportedLngs: ['en', 'ar'],
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: [...INITIAL_NAMESPACES],
      defaultNS: 'common',
      // Translation loading retries up to 5 times from 350 ms (doubling), 10 reads at a time.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false }, // React escapes what it renders.
      react: { useSuspense: true },
    });
}
