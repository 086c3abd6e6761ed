import { readCookie } from '@dukkan/contracts/cookies';
import { describe, expect, it } from 'vitest';

import { ar } from '../locales/ar';
import { en } from '../locales/en';
import { qrSource } from '../pages/account-page';
import { fieldOfPath, fieldsOf, updateBodyOf } from '../pages/product-form';

import { failureOf } from './errors';
import { detectLanguage } from './language';
import { navFor } from './layout';
import { pluralBaseOf } from './plurals';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('languages', () => {
  it('picks ?lng= first, then the i18next cookie, then the browser, English by default', () => {
    expect(detectLanguage('?lng=ar', 'i18next=en', 'en-US')).toBe('ar');
    expect(detectLanguage('?lng=fr', 'i18next=ar', 'ar')).toBe('en');
    expect(detectLanguage('', 'a=1; i18next=ar', 'en-US')).toBe('ar');
    expect(detectLanguage('', '', 'ar-EG')).toBe('ar');
    expect(detectLanguage('', '', undefined)).toBe('en');
  });

  it('has every English text in Arabic too, none left empty or in English', () => {
    // A plural text's forms differ by language (app/plurals.ts, checked in plurals.test.ts): compared by their base key.
    const texts = (keys: string[]) => [...new Set(keys.map((key) => pluralBaseOf(key) ?? key))].sort();
    expect(texts(keysOf(ar))).toEqual(texts(keysOf(en)));
    const same = keysOf(en).filter((key) => !key.startsWith('languages.') && key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], ar) === key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en));
    expect(same).toEqual([]);
  });

  it('reads a cookie among others, decoded', () => {
    expect(readCookie('XSRF-TOKEN', 'i18next=ar; XSRF-TOKEN=a%2Fb')).toBe('a/b');
    expect(readCookie('XSRF-TOKEN', 'i18next=ar')).toBeNull();
  });
});

describe('errors', () => {
  it('reads the field a 400 names by its JSON path in `field`, never from the words', () => {
    expect(failureOf({ status: 400, data: { message: 'title.ar: The Arabic title is required', code: 'VALIDATION_ERROR', field: 'title.ar' } })).toEqual({
      status: 400,
      message: 'title.ar: The Arabic title is required',
      code: 'VALIDATION_ERROR',
      field: { path: 'title.ar', message: 'The Arabic title is required' },
    });
    // A message that names its field without the colon is said beside the field as it is.
    expect(failureOf({ status: 400, data: { message: 'price must be above 0', code: 'VALIDATION_ERROR', field: 'price' } }).field).toEqual({ path: 'price', message: 'price must be above 0' });
    expect(failureOf({ status: 400, data: { message: 'title.ar: The Arabic title is required', code: 'VALIDATION_ERROR' } }).field).toBeNull();
    expect(failureOf({ status: 409, data: { message: 'Not enough stock: 2 left', code: 'CONFLICT' } }).field).toBeNull();
    // Only the codes the API gives (the contracts' list).
    expect(failureOf({ status: 409, data: { message: 'Not enough stock: 2 left', code: 'CONFLICT' } }).code).toBe('CONFLICT');
    expect(failureOf({ status: 400, data: { message: 'x', code: 'VALIDATION' } }).code).toBeNull();
    expect(failureOf({ status: 'FETCH_ERROR', error: 'TypeError' }).status).toBeNull();
    expect(fieldOfPath('listPrice')).toBe('listPrice');
    expect(fieldOfPath('description.ar')).toBe('descriptionAr');
    expect(fieldOfPath('nope')).toBeNull();
  });
});

describe('roles', () => {
  it('shows each role only the screens it may use', () => {
    expect(navFor('owner').map((n) => n.screen)).toEqual(['dashboard', 'orders', 'customers', 'reviews', 'products', 'promotions', 'import', 'staff', 'audit', 'account']);
    expect(navFor('catalog').map((n) => n.screen)).toEqual(['dashboard', 'products', 'promotions', 'import', 'account']);
    expect(navFor('support').map((n) => n.screen)).toEqual(['dashboard', 'orders', 'customers', 'reviews', 'account']);
  });
});

describe('the two-factor QR code', () => {
  it('is shown as an image source, an SVG string as a data URL, anything else not at all', () => {
    expect(qrSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(qrSource('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(qrSource('javascript:alert(1)')).toBeNull();
    expect(qrSource('data:text/html,<b>x</b>')).toBeNull();
  });
});

describe('the editor PATCH', () => {
  const stored = {
    _id: 'p1',
    title: { en: 'Mango', ar: 'مانجو' },
    description: { en: 'd', ar: 'د' },
    brand: { en: 'b', ar: 'ب' },
    category: 'Grocery',
    subcategory: 'grocery-fruit',
    price: 4.5,
    listPrice: null,
    quantity: 10,
    status: 'archived' as const,
    images: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };

  it('leaves out an unchanged quantity and an archived status, and sends a changed one with its reason', () => {
    const same = updateBodyOf(fieldsOf(stored), stored);
    expect(same).not.toHaveProperty('quantity');
    expect(same).not.toHaveProperty('status');
    expect(same).toMatchObject({ price: 4.5, listPrice: null, subcategory: 'grocery-fruit' });
    const changed = updateBodyOf({ ...fieldsOf(stored), quantity: '7', reason: ' Count ', status: 'published' }, stored);
    expect(changed).toMatchObject({ quantity: 7, reason: 'Count', status: 'published' });
  });
});
