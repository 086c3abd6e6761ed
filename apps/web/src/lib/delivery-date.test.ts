import { describe, expect, it } from 'vitest';

import { arrivalDate, arrivalWindow, formatDeliveryDate, formatDeliveryDay, SHIPPING_DAYS } from './delivery-date';

describe('arrivalDate', () => {
  it('is three days after the order by default, across month and year ends', () => {
    expect(SHIPPING_DAYS).toBe(3);
    expect(arrivalDate(new Date(2024, 1, 25, 23, 59))).toEqual(new Date(2024, 1, 28));
    expect(arrivalDate(new Date(2024, 1, 27))).toEqual(new Date(2024, 2, 1)); // 2024 is a leap year: Feb 29 counts
    expect(arrivalDate(new Date(2025, 11, 30), 3)).toEqual(new Date(2026, 0, 2));
    expect(arrivalDate(new Date(2025, 5, 1), 0)).toEqual(new Date(2025, 5, 1));
  });
});

describe('formatDeliveryDate', () => {
  it('writes the short month and the day in English, as the spec does ("Feb 28")', () => {
    expect(formatDeliveryDate(new Date(2024, 1, 28), 'en')).toBe('Feb 28');
    expect(formatDeliveryDate(new Date(2025, 10, 3), 'en')).toBe('Nov 3');
  });

  it('writes the Arabic month name with Latin digits in Arabic', () => {
    const text = formatDeliveryDate(new Date(2024, 1, 28), 'ar');
    expect(text).toContain('28');
    expect(text).toContain('فبراير');
    expect(text).not.toMatch(/[٠-٩]/);
  });
});

describe('arrivalWindow and formatDeliveryDay', () => {
  it('gives the spec’s window: ordered Sun, Feb 25 2024 arrives between Wed, Feb 28 and Mon, Mar 4', () => {
    const { earliest, latest } = arrivalWindow(new Date(2024, 1, 25, 10));
    expect(earliest).toEqual(new Date(2024, 1, 28));
    expect(latest).toEqual(new Date(2024, 2, 4));
    expect(formatDeliveryDay(earliest, 'en')).toBe('Wed, Feb 28');
    expect(formatDeliveryDay(latest, 'en')).toBe('Mon, Mar 4');
  });

  it('writes the Arabic weekday and month with Latin digits', () => {
    const text = formatDeliveryDay(new Date(2024, 1, 28), 'ar');
    expect(text).toContain('الأربعاء');
    expect(text).toContain('28');
    expect(text).not.toMatch(/[٠-٩]/);
  });
});

describe('the written dates', () => {
  it("are, for every day of a leap year, what Intl writes for en-US and ar-EG-u-nu-latn (the tables replace it)", () => {
    const intl = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options);
    const locales = { en: 'en-US', ar: 'ar-EG-u-nu-latn' } as const;
    for (const language of ['en', 'ar'] as const) {
      const date = intl(locales[language], { month: 'short', day: 'numeric' });
      const day = intl(locales[language], { weekday: 'short', month: 'short', day: 'numeric' });
      for (let offset = 0; offset < 366; offset += 1) {
        const when = new Date(2024, 0, 1 + offset);
        expect(formatDeliveryDate(when, language)).toBe(date.format(when));
        expect(formatDeliveryDay(when, language)).toBe(day.format(when));
      }
    }
  });
});
