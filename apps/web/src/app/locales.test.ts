import { describe, expect, it } from 'vitest';

import { resources } from '../test/resources';

/** Every key of a translation file, with plural suffixes folded (`count_one` -> `count`). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keysOf(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

const ARABIC = /[\u0600-\u06FF]/;
const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

describe.each(namespaces)('translations of %s', (namespace) => {
  it('has the same keys in English and Arabic', () => {
    expect([...new Set(keysOf(resources.ar[namespace]))].sort()).toEqual([...new Set(keysOf(resources.en[namespace]))].sort());
  });

  it('is written in Arabic in the Arabic file (language names aside)', () => {
    const untranslated = stringsOf(resources.ar[namespace]).filter((text) => !ARABIC.test(text) && text !== 'English');
    expect(untranslated).toEqual([]);
  });

  it('uses the same interpolation variables in both languages', () => {
    const variables = (texts: string[]) => [...new Set(texts.flatMap((text) => text.match(/{{\s*\w+\s*}}/g) ?? []))].sort();
    expect(variables(stringsOf(resources.ar[namespace]))).toEqual(variables(stringsOf(resources.en[namespace])));
  });
});

describe('spec texts', () => {
  it('are word for word in English', () => {
    expect(resources.en.common.notFound.title).toBe('Uh-oh... This page could not be found.');
    expect(resources.en.common.notFound.returnHome).toBe('Return to Home');
    expect(resources.en.shopping.success.title).toBe('Your checkout was successful!');
    expect(resources.en.shopping.success.backHome).toBe('Back to Home');
    expect(resources.en.help.lastUpdated).toContain('March 5, 2024');
    expect(resources.en.help.sections).toHaveLength(10);
    expect(resources.en.help.sections.map((section) => section.title.split('.')[0])).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
    );
    expect(Object.values(resources.en.help.quickLinks)).toEqual(['Track Your Order', 'Edit or Cancel an Order', 'Returns & Refunds']);
    expect(resources.en.catalog.banners.electronics.title).toBe('Apple on save');
    expect(resources.en.catalog.banners.fashion.title).toBe('Spring fashion refresh');
    expect(resources.en.catalog.banners.beauty.title).toBe('More texture less frizz');
    expect(resources.en.catalog.banners.babyPromo.title).toBe('Up to 20% off activity & gear');
    expect(resources.en.account.phone.sendCode).toBe('Send Code');
    expect(resources.en.account.phone.notNow).toBe('Not Now');
  });
});
