import { describe, expect, it } from 'vitest';

import { formatCount, formatDate, formatDateTime, formatDay, formatOrderDate, formatPrice, formatTimeOfDay, joinParts, lastDays, utcDay } from './format';

describe('formatPrice', () => {
  it('prefixes $ and always shows two decimals', () => {
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0.99)).toBe('$0.99');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it('rounds to cents and groups thousands', () => {
    expect(formatPrice(1234.567)).toBe('$1,234.57');
    expect(formatPrice(1999.99)).toBe('$1,999.99');
    expect(formatPrice(1234567.5)).toBe('$1,234,567.50');
  });

  it('writes only $, Latin digits, "," and "." (no Arabic digits or bidi marks, whatever the language)', () => {
    for (const price of [0.99, 12.5, 1999.99, 79999.99]) expect(formatPrice(price)).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it('writes every amount as Intl.NumberFormat en-US with two decimals would', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0.0000001, 0.005, 0.015, 468.59 + 0.005, 0.125, 1.005, 2.675, 999.995, 999999.999, 12345678.9, -3.5, -1234.125];
    for (let cents = 0; cents < 300_000; cents += 997) amounts.push(cents / 100, cents / 100 + 0.005);
    for (const amount of amounts) expect(formatPrice(amount)).toBe(`$${intl.format(amount)}`);
  });
});

describe('joinParts', () => {
  it('joins with ", " in English and the Arabic comma "، " in Arabic', () => {
    expect(joinParts(['26th of July St.', 'Zamalek', 'Cairo', 'Egypt'], 'en')).toBe('26th of July St., Zamalek, Cairo, Egypt');
    expect(joinParts(['شارع 26 يوليو', 'الزمالك', 'القاهرة', 'مصر'], 'ar')).toBe('شارع 26 يوليو، الزمالك، القاهرة، مصر');
  });

  it('leaves out blank parts, so no comma stands alone', () => {
    expect(joinParts(['Pyramids Rd.', '', 'Giza', ' '], 'en')).toBe('Pyramids Rd., Giza');
    expect(joinParts(['', 'الجيزة'], 'ar')).toBe('الجيزة');
    expect(joinParts([], 'ar')).toBe('');
  });
});

/** Arabic-Indic digits (U+0660–U+0669), which the shop never writes. */
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669]/;

describe('formatDateTime and formatDate', () => {
  // 9:30 on the viewer's clock, whatever the time zone the tests run in.
  const moment = new Date(2026, 10, 20, 9, 30).toISOString();

  it('write a moment as a medium date (and a short time) of the viewer’s clock', () => {
    expect(formatDateTime(moment, 'en')).toBe('Nov 20, 2026, 9:30 AM');
    expect(formatDate(moment, 'en')).toBe('Nov 20, 2026');
  });

  it('write Arabic with Latin digits', () => {
    for (const text of [formatDateTime(moment, 'ar'), formatDate(moment, 'ar')]) {
      expect(text).toContain('2026');
      expect(text).toContain('20');
      expect(text).not.toMatch(ARABIC_INDIC_DIGIT);
    }
    expect(formatDateTime(moment, 'ar')).toContain('9:30');
  });

  it('give back text that is not a date as it is', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon');
    expect(formatDate('', 'ar')).toBe('');
  });
});

describe('formatDay', () => {
  it('writes a UTC calendar day as a short date, the same day in every time zone', () => {
    expect(formatDay('2026-11-27', 'en')).toBe('Nov 27');
    expect(formatDay('2026-11-27', 'ar')).toBe('27 نوفمبر');
    expect(formatDay('2026-01-01', 'en')).toBe('Jan 1');
  });

  it('gives back text that is not a day as it is', () => {
    expect(formatDay('2026-13-40', 'en')).toBe('2026-13-40');
  });
});

describe('formatOrderDate', () => {
  it('writes month, day and year in English', () => {
    expect(formatOrderDate('2026-11-23T12:00:00.000Z', 'en')).toBe('Nov 23, 2026');
  });

  it('writes the Arabic month with Latin digits in Arabic', () => {
    const text = formatOrderDate('2026-11-23T12:00:00.000Z', 'ar');
    expect(text).toContain('نوفمبر');
    expect(text).toContain('2026');
    expect(text).not.toMatch(/[٠-٩]/);
  });

  it('shows an unreadable date as received', () => {
    expect(formatOrderDate('soon', 'en')).toBe('soon');
  });
});

describe('formatTimeOfDay', () => {
  it('writes hours and minutes with AM/PM in English', () => {
    expect(formatTimeOfDay('2026-11-23T10:30:00.000Z', 'en')).toMatch(/^\d{1,2}:30\s[AP]M$/);
  });

  it('writes Latin digits in Arabic', () => {
    const text = formatTimeOfDay('2026-11-23T10:30:00.000Z', 'ar');
    expect(text).toMatch(/\d{1,2}:30/);
    expect(text).not.toMatch(/[٠-٩]/);
  });

  it('shows an unreadable time as received', () => {
    expect(formatTimeOfDay('later', 'en')).toBe('later');
  });
});

describe('formatCount', () => {
  it('groups thousands with Latin digits in both languages', () => {
    expect(formatCount(0, 'en')).toBe('0');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234567, 'ar')).not.toMatch(ARABIC_INDIC_DIGIT);
    expect(formatCount(12, 'ar')).toBe('12');
  });
});

describe('utcDay and lastDays', () => {
  it('take the UTC day of a moment', () => {
    expect(utcDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(utcDay(new Date('2026-11-28T00:00:00.000Z'))).toBe('2026-11-28');
  });

  it('count the last days up to today, both inclusive', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(lastDays(1, now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(lastDays(7, now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lastDays(30, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
});
