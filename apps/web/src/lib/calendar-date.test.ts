import { formatOrderDate } from '@dukkan/contracts/format';
import { describe, expect, it } from 'vitest';

import { formatUtcDate } from './calendar-date';

describe('formatUtcDate', () => {
  it('writes the UTC day as Intl writes a date in both languages', () => {
    for (let month = 0; month < 12; month += 1) {
      const iso = new Date(Date.UTC(2026, month, 9, 12)).toISOString();
      // Noon UTC: the same day in the test's time zone, whatever it is.
      expect(formatUtcDate(iso, 'en')).toBe(formatOrderDate(iso, 'en'));
      expect(formatUtcDate(iso, 'ar')).toBe(formatOrderDate(iso, 'ar'));
    }
    expect(formatUtcDate('2026-11-23T23:30:00.000Z', 'en')).toBe('Nov 23, 2026');
    expect(formatUtcDate('2026-11-23T23:30:00.000Z', 'ar')).toBe('23 نوفمبر 2026');
  });

  it('shows a text that is not a date as it is', () => {
    expect(formatUtcDate('soon', 'en')).toBe('soon');
  });
});
