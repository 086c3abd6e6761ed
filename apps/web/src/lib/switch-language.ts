import type { Language } from '@dukkan/contracts/common';
import type { i18n as I18n } from 'i18next';

import { DEFERRED_ATTRIBUTE } from './deferred-hydration';

/**
 * Switches the shop to `language`. In place when everything on the page is live; when parts of
 * the server's page have not hydrated yet (they wait until they are near the viewport, decision
 * 0023), their markup would stay in the old language, and hydrating it with texts of the new one
 * would keep the old labels of its attributes: the choice is stored (the `i18next` cookie, as the
 * language detector stores it) and the server renders the page again in the new language.
 */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  const served = document.querySelector(`[${DEFERRED_ATTRIBUTE}]:not([${DEFERRED_ATTRIBUTE}="live"])`);
  if (!served) {
    await i18n.changeLanguage(language);
    return;
  }
  // i18next types its detector `any`; ours (app/i18n.ts) loads i18next-browser-languagedetector,
  // which stores the choice as configured (the `i18next` cookie, a year, path /), and answers
  // once it has.
  const detector = i18n.services.languageDetector as { cacheUserLanguage?: (lng: string) => Promise<void> | void } | undefined;
  await detector?.cacheUserLanguage?.(language);
  const url = new URL(window.location.href);
  // A `?lng=` in the address would win over the stored choice.
  url.searchParams.delete('lng');
  window.location.assign(url.href);
}
