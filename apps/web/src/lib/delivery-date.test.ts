import { describe, expect, it } from 'vitest';

import { arrivalDate, formatDeliveryDate, SHIPPING_DAYS } from './delivery-date';

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
