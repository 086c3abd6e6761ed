import { describe, expect, it } from 'vitest';

import { directionOf, toShopLanguage } from './direction';

describe('directionOf', () => {
  it('is right-to-left for Arabic, with or without a region', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('AR_sa')).toBe('rtl');
  });

  it('is left-to-right for English, other languages and no language', () => {
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('en-US')).toBe('ltr');
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf(undefined)).toBe('ltr');
    expect(directionOf('')).toBe('ltr');
  });

  it('does not take codes that merely start with "ar" for Arabic', () => {
    expect(toShopLanguage('arn')).toBe('en');
    expect(directionOf('arn')).toBe('ltr');
  });
});

describe('toShopLanguage', () => {
  it('maps every code to one of the shop languages, English by default', () => {
    expect(toShopLanguage('ar-EG')).toBe('ar');
    expect(toShopLanguage('en-GB')).toBe('en');
    expect(toShopLanguage('de')).toBe('en');
    expect(toShopLanguage(null)).toBe('en');
  });
});
