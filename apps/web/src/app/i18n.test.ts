import { createInstance } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { answerWith } from '../test/api-server';

import { applyDocumentLanguage, detectionOptions, lazyHttpBackend, lazyLanguageDetector } from './i18n';

describe('language detection', () => {
  it('follows the spec order: query lng, cookie i18next, html tag, storage, browser, path, subdomain', () => {
    expect(detectionOptions.order).toEqual([
      'querystring',
      'cookie',
      'htmlTag',
      'localStorage',
      'sessionStorage',
      'navigator',
      'path',
      'subdomain',
    ]);
    expect(detectionOptions.lookupQuerystring).toBe('lng');
    expect(detectionOptions.lookupCookie).toBe('i18next');
    expect(detectionOptions.caches).toEqual(['cookie']);
  });

  it('stores the chosen language in the i18next cookie for the whole site', () => {
    const detector = new LanguageDetector(undefined, detectionOptions);
    detector.cacheUserLanguage('ar');
    expect(document.cookie).toContain('i18next=ar');
    expect([detector.detect()].flat()).toContain('ar');
  });

  it('reduces regional codes to the shop languages', () => {
    expect(detectionOptions.convertDetectedLanguage).toBeTypeOf('function');
    const convert = detectionOptions.convertDetectedLanguage as (code: string) => string;
    expect(convert('ar-EG')).toBe('ar');
    expect(convert('en_US')).toBe('en');
  });
});

describe('applyDocumentLanguage', () => {
  it('sets <html lang dir> from the language', () => {
    applyDocumentLanguage('ar');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    applyDocumentLanguage('en-US');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});

describe('the detector and the backend, loaded when first needed', () => {
  it('detects the language from the cookie when the page brought none, and stores a new choice', async () => {
    document.cookie = 'i18next=ar; path=/';
    const i18n = createInstance();
    await i18n.use(lazyLanguageDetector()).init({ supportedLngs: ['en', 'ar'], fallbackLng: 'en', detection: detectionOptions, resources: {} });
    expect(i18n.language).toBe('ar');
    await (i18n.services.languageDetector as { cacheUserLanguage: (lng: string) => Promise<void> }).cacheUserLanguage('en');
    expect(document.cookie).toContain('i18next=en');
  });

  it('stores the language a page starts with in the cookie the detector reads', async () => {
    document.cookie = 'i18next=en; path=/';
    const i18n = createInstance();
    await i18n.use(lazyLanguageDetector()).init({ lng: 'ar', supportedLngs: ['en', 'ar'], fallbackLng: 'en', detection: detectionOptions, resources: {} });
    expect(document.cookie).toContain('i18next=ar');
    expect([new LanguageDetector(undefined, detectionOptions).detect()].flat()).toContain('ar');
  });

  it('reads a namespace the page did not bring from /locales/{lng}/{ns}.json', async () => {
    const requests = answerWith(http.get('/locales/en/help.json', () => HttpResponse.json({ title: 'Help centre' })));
    const i18n = createInstance();
    await i18n.use(lazyHttpBackend()).init({
      lng: 'en',
      supportedLngs: ['en', 'ar'],
      fallbackLng: false,
      ns: ['help'],
      defaultNS: 'help',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    });
    expect(i18n.getResource('en', 'help', 'title')).toBe('Help centre');
    expect(requests.map((request) => request.url.pathname)).toEqual(['/locales/en/help.json']);
  });
});
