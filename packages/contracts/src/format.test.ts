import { describe, expect, it } from 'vitest';

import { formatPrice, joinParts } from './format';

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
