import { describe, expect, it } from 'vitest';

import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('prefixes $ and always shows two decimals', () => {
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0.99)).toBe('$0.99');
    expect(formatPrice(1234.567)).toBe('$1234.57');
    expect(formatPrice(0)).toBe('$0.00');
  });
});
