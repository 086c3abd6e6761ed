// The named `use` is the default instance's bound `use`.
import type { Language } from '@dukkan/contracts/common';
import i18next, { type BackendModule, type InitOptions, type LanguageDetectorAsyncModule, type Resource, type Services, use as registerPlugin } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import type { HttpBackendOptions } from 'i18next-http-backend';
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

/** The options the browser's and the server's i18next share. */
export const sharedOptions = {
  supportedLngs: ['en', 'ar'],
  fallbackLng: 'en',
  load: 'languageOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes what it renders.
  // i18next's own separators, named: left unset, every `t()` also tests whether its key reads as
  // a sentence rather than a path (a few regular expressions per call, hundreds of calls as a page
  // hydrates). Our keys are paths.
  keySeparator: '.',
  nsSeparator: ':',
} satisfies InitOptions;

/** What a server-rendered page brings: its language and the translations it used (app/ssr-state.ts). */
export interface InitialTranslations {
  language: Language;
  resources: Record<string, unknown>;
}

/**
 * Calls a plugin's `init` with the three arguments i18next passes it (services, its own options,
 * i18next's options); the plugins' types name only the first two, though both plugins read all three.
 */
function initPlugin(plugin: { init: (...args: never[]) => void }, args: readonly unknown[]): void {
  Reflect.apply(plugin.init, plugin, args);
}

/**
 * Stores the language in the `i18next` cookie as the detector's cookie cache does with
 * `detectionOptions` (name, a year, the whole site, `SameSite=Lax`), without loading it: i18next
 * stores the language on every start, and a page the server rendered never needs to detect.
 */
function storeLanguageCookie(lng: string): void {
  const name = detectionOptions.lookupCookie ?? 'i18next';
  const seconds = (detectionOptions.cookieMinutes ?? ONE_YEAR_IN_MINUTES) * 60;
  document.cookie = `${name}=${encodeURIComponent(lng)}; max-age=${seconds}; path=/; samesite=lax`;
}

/**
 * The language detector of spec section 9 (i18next-browser-languagedetector), loaded when first
 * needed to detect: a page the server rendered brings its language, so most pages never need it.
 * Storing a choice (the `i18next` cookie, on every start and on a switch) writes the cookie here;
 * `cacheUserLanguage` answers once it is stored (lib/switch-language.ts waits for it).
 */
export function lazyLanguageDetector(): LanguageDetectorAsyncModule {
  let args: [Services, DetectorOptions, InitOptions] | undefined;
  let loaded: Promise<{ detect(): string | string[] | undefined }> | undefined;
  const load = () =>
    (loaded ??= import('i18next-browser-languagedetector').then(({ default: Detector }) => {
      const detector = new Detector();
      if (args) initPlugin(detector, args);
      return detector;
    }));
  return {
    type: 'languageDetector',
    async: true,
    init: (services, detectorOptions, i18nextOptions) => {
      args = [services, detectorOptions, i18nextOptions];
    },
    detect: () => load().then((detector) => detector.detect()),
    cacheUserLanguage: (lng) => {
      storeLanguageCookie(lng);
      return Promise.resolve();
    },
  };
}

/**
 * The HTTP backend (`/locales/{lng}/{ns}.json`, i18next-http-backend), loaded when the first
 * namespace the page did not bring is needed: a page the server rendered brings its texts.
 */
export function lazyHttpBackend(): BackendModule<HttpBackendOptions> {
  let args: [Services, HttpBackendOptions, InitOptions] | undefined;
  let loaded: Promise<BackendModule<HttpBackendOptions>> | undefined;
  return {
    type: 'backend',
    init: (services, backendOptions, i18nextOptions) => {
      args = [services, backendOptions, i18nextOptions];
    },
    read: (language, namespace, callback) => {
      loaded ??= import('i18next-http-backend').then(({ default: HttpBackend }) => {
        const backend = new HttpBackend();
        if (args) initPlugin(backend, args);
        return backend;
      });
      loaded.then(
        (backend) => backend.read(language, namespace, callback),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  };
}

/**
 * Starts i18next with the HTTP backend (`/locales/{lng}/{ns}.json`) and the language detector.
 * On a server-rendered page the language is the server's and the page's translations are there
 * already, so the first render matches the HTML; other namespaces load when a page needs them.
 */
export function initI18n(initial?: InitialTranslations) {
  i18next.on('languageChanged', (code) => applyDocumentLanguage(i18next.resolvedLanguage ?? code));
  return registerPlugin(lazyHttpBackend())
    .use(lazyLanguageDetector())
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      ...sharedOptions,
      ...(initial
        ? {
            lng: initial.language,
            resources: { [initial.language]: initial.resources } as Resource,
            partialBundledLanguages: true,
            // As on the server (ssr/entry-server.tsx): both languages are complete (locales.test.ts).
            // With English as the fallback, an Arabic page would wait for English texts to load
            // before it could hydrate, and hydrate later than the root around it.
            fallbackLng: false,
          }
        : {}),
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: detectionOptions,
      ns: [...INITIAL_NAMESPACES],
      // Translation loading retries up to 5 times from 350 ms (doubling), 10 reads at a time.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      react: { useSuspense: true },
    });
}
