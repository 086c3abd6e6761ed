import { formatCount as formatCountWithIntl } from '@dukkan/contracts/format';
import { describe, expect, it } from 'vitest';

import { formatCount } from './format-count';

describe('formatCount', () => {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1234, 9999, 10_000, 12_345, 100_000, 999_999, 1_000_000, 1_234_567, 987_654_321, Number.MAX_SAFE_INTEGER];

  it.each(['en', 'ar'] as const)('writes whole counts as Intl does in %s', (lng) => {
    for (const value of values) expect(formatCount(value, lng)).toBe(formatCountWithIntl(value, lng));
  });

  it('groups thousands with Latin digits in both languages', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1_234_567, 'ar')).toBe('1,234,567');
  });

  it('leaves other numbers to Intl', () => {
    expect(formatCount(12.5, 'en')).toBe(formatCountWithIntl(12.5, 'en'));
    expect(formatCount(-1234, 'ar')).toBe(formatCountWithIntl(-1234, 'ar'));
  });
});
