import { STAFF_PASSWORD_MIN_LENGTH } from '@dukkan/contracts/limits';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { ar } from '../locales/ar';
import { en } from '../locales/en';

import { createI18n } from './i18n';
import { ENGLISH_PLURAL_FORMS, PLURAL_FORMS, pluralBaseOf } from './plurals';

/** Every text of a language as `dotted.key` → text. */
function textsOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => textsOf(inner, prefix ? `${prefix}.${key}` : key));
}

/** The plural texts of a language: base key → the forms it has. */
function pluralsOf(texts: [string, string][]): Map<string, string[]> {
  const plurals = new Map<string, string[]>();
  for (const [key] of texts) {
    const base = pluralBaseOf(key);
    if (base) plurals.set(base, [...(plurals.get(base) ?? []), key.slice(base.length + 1)]);
  }
  return plurals;
}

const COUNTS = [0, 1, 2, 3, 11, 100] as const;

describe('plural texts (issue #32: where a number meets a noun)', () => {
  const englishPlurals = pluralsOf(textsOf(en));
  const arabicPlurals = pluralsOf(textsOf(ar));

  it('are the same texts in both languages: English with one and other, Arabic with all six forms', () => {
    expect([...arabicPlurals.keys()].sort()).toEqual([...englishPlurals.keys()].sort());
    expect(englishPlurals.size).toBeGreaterThan(0);
    for (const [base, forms] of englishPlurals) {
      for (const form of ENGLISH_PLURAL_FORMS) expect(forms, `${base} in English`).toContain(form);
      expect(forms.every((form) => form === 'zero' || ENGLISH_PLURAL_FORMS.includes(form as 'one')), `${base} in English: ${forms.join(', ')}`).toBe(true);
      expect([...(arabicPlurals.get(base) ?? [])].sort(), `${base} in Arabic`).toEqual([...PLURAL_FORMS].sort());
    }
  });

  it('are the only texts with a count in them', () => {
    const counted = textsOf(en).filter(([key, text]) => /\{\{count\b/.test(text) && !pluralBaseOf(key));
    expect(counted).toEqual([]);
  });

  describe('in Arabic', () => {
    let instance: i18n;
    beforeAll(async () => {
      instance = await createI18n('ar');
    });

    it('picks the form Arabic grammar needs for 0, 1, 2, 3, 11 and 100', () => {
      const say = (key: 'products.selected' | 'products.bulkDone' | 'products.bulkFailed' | 'validation.tooLong') => COUNTS.map((count) => instance.t(key, { count }));
      expect(say('products.selected')).toEqual(['لم يُحدَّد أي منتج', 'تم تحديد منتج واحد', 'تم تحديد منتجين', 'تم تحديد 3 منتجات', 'تم تحديد 11 منتجًا', 'تم تحديد 100 منتج']);
      expect(say('products.bulkDone')).toEqual(['لم يُحدَّث أي منتج', 'تم تحديث منتج واحد', 'تم تحديث منتجين', 'تم تحديث 3 منتجات', 'تم تحديث 11 منتجًا', 'تم تحديث 100 منتج']);
      expect(say('products.bulkFailed')).toEqual(['لم يتعذّر تحديث أي منتج', 'تعذّر تحديث منتج واحد', 'تعذّر تحديث منتجين', 'تعذّر تحديث 3 منتجات', 'تعذّر تحديث 11 منتجًا', 'تعذّر تحديث 100 منتج']);
      expect(say('validation.tooLong')).toEqual(['لا يُقبل أي حرف', 'حرف واحد على الأكثر', 'حرفان على الأكثر', '3 أحرف على الأكثر', '11 حرفًا على الأكثر', '100 حرف على الأكثر']);
    });

    it('counts the import screen\'s problems, rows and products in the form Arabic grammar needs', () => {
      const say = (key: 'importPage.errorsTitle' | 'importPage.rowsChecked' | 'importPage.written') => COUNTS.map((count) => instance.t(key, { count }));
      expect(say('importPage.errorsTitle')).toEqual([
        'لم تُوجد أي مشكلة — لم يُستورد شيء',
        'وُجدت مشكلة واحدة — لم يُستورد شيء',
        'وُجدت مشكلتان — لم يُستورد شيء',
        'وُجدت 3 مشكلات — لم يُستورد شيء',
        'وُجدت 11 مشكلة — لم يُستورد شيء',
        'وُجدت 100 مشكلة — لم يُستورد شيء',
      ]);
      expect(say('importPage.rowsChecked')).toEqual(['لم يُفحص أي صف بعد', 'فُحص صف واحد حتى الآن', 'فُحص صفّان حتى الآن', 'فُحصت 3 صفوف حتى الآن', 'فُحص 11 صفًا حتى الآن', 'فُحص 100 صف حتى الآن']);
      expect(say('importPage.written')).toEqual([
        'لم يُنشأ أو يُعدَّل أي منتج بعد',
        'أُنشئ أو عُدّل منتج واحد حتى الآن',
        'أُنشئ أو عُدّل منتجان حتى الآن',
        'أُنشئت أو عُدّلت 3 منتجات حتى الآن',
        'أُنشئ أو عُدّل 11 منتجًا حتى الآن',
        'أُنشئ أو عُدّل 100 منتج حتى الآن',
      ]);
      expect([1, 2, 5, 40, 1200].map((count) => instance.t('importPage.progress', { checked: 1000, count }))).toEqual([
        '1,000 من صف واحد',
        '1,000 من صفّين',
        '1,000 من 5 صفوف',
        '1,000 من 40 صفًا',
        '1,000 من 1,200 صف',
      ]);
      expect(instance.t('importPage.failedPartway', { count: 12 })).toMatch(/^توقّف الاستيراد بعد إنشاء أو تعديل 12 منتجًا، /);
    });

    it('counts the reviews waiting, approved and rejected in the form Arabic grammar needs', () => {
      const say = (key: 'reviews.waiting' | 'reviews.approvedCount' | 'reviews.rejectedCount') => COUNTS.map((count) => instance.t(key, { count }));
      expect(say('reviews.waiting')).toEqual([
        'لا تقييمات بانتظار الموافقة',
        'تقييم واحد بانتظار الموافقة',
        'تقييمان بانتظار الموافقة',
        '3 تقييمات بانتظار الموافقة',
        '11 تقييمًا بانتظار الموافقة',
        '100 تقييم بانتظار الموافقة',
      ]);
      expect(say('reviews.approvedCount')).toEqual(['لا تقييمات مقبولة', 'تقييم واحد مقبول', 'تقييمان مقبولان', '3 تقييمات مقبولة', '11 تقييمًا مقبولًا', '100 تقييم مقبول']);
      expect(say('reviews.rejectedCount')).toEqual(['لا تقييمات مرفوضة', 'تقييم واحد مرفوض', 'تقييمان مرفوضان', '3 تقييمات مرفوضة', '11 تقييمًا مرفوضًا', '100 تقييم مرفوض']);
    });

    it('goes by the last two digits past 100, and writes the count with Latin digits and grouping', () => {
      expect([103, 111, 200, 1200].map((count) => instance.t('validation.tooLong', { count }))).toEqual(['103 أحرف على الأكثر', '111 حرفًا على الأكثر', '200 حرف على الأكثر', '1,200 حرف على الأكثر']);
    });

    it('says a staff password’s least length from the contracts’ bound', () => {
      expect(instance.t('validation.passwordLength', { count: STAFF_PASSWORD_MIN_LENGTH })).toBe('12 حرفًا على الأقل');
      expect([1, 2, 8, 100].map((count) => instance.t('validation.passwordLength', { count }))).toEqual(['حرف واحد على الأقل', 'حرفان على الأقل', '8 أحرف على الأقل', '100 حرف على الأقل']);
    });
  });

  it('says one and other in English', async () => {
    const instance = await createI18n('en');
    expect(COUNTS.map((count) => instance.t('products.bulkDone', { count }))).toEqual(['0 products updated', '1 product updated', '2 products updated', '3 products updated', '11 products updated', '100 products updated']);
    expect(instance.t('validation.tooLong', { count: 1200 })).toBe('At most 1,200 characters');
    expect([0, 1, 2, 1200].map((count) => instance.t('reviews.waiting', { count }))).toEqual(['No reviews waiting', '1 review waiting', '2 reviews waiting', '1,200 reviews waiting']);
    expect(instance.t('validation.passwordLength', { count: STAFF_PASSWORD_MIN_LENGTH })).toBe('At least 12 characters');
  });
});
