import LanguageDetector from 'i18next-browser-languagedetector';
import { describe, expect, it } from 'vitest';

import { applyDocumentLanguage, detectionOptions } from './i18n';

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
