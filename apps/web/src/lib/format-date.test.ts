import { describe, expect, it } from 'vitest';

import { formatOrderDate, formatTimeOfDay } from './format-date';

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
