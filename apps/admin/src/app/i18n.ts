import { formatCount } from '@dukkan/contracts/format';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { ar } from '../locales/ar';
import { en } from '../locales/en';

import { toLanguage, type Language } from './language';

export const resources = { en: { translation: en }, ar: { translation: ar } };

/** A new i18next instance in `language`, with both languages bundled (they are small). */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ar'],
    resources,
    interpolation: { escapeValue: false }, // React escapes what it renders.
    returnNull: false,
  });
  // `{{count, number}}` in a text: the count as the shop writes every number, Latin digits in Arabic too
  // (i18next's own `number` formatter would write Arabic-Indic ones for `ar`).
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) => formatCount(Number(value), toLanguage(lng)));
  return instance;
}
