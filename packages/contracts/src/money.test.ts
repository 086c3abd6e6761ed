import { describe, expect, it } from 'vitest';

import { centsToDollars, dollarsToCents, formatCents, lineTotal, optionalCentsToDollars } from './money';

describe('centsToDollars and dollarsToCents', () => {
  it('convert stored cents to dollars and back without losing a cent', () => {
    for (let cents = 0; cents < 200_000; cents += 7) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      expect(Number(centsToDollars(cents).toFixed(2)) * 100).toBeCloseTo(cents, 6);
    }
    expect(centsToDollars(129950)).toBe(1299.5);
    expect(centsToDollars(-250)).toBe(-2.5);
  });

  it('round dollars to whole cents, where binary floating point falls short', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.15)).toBe(115);
    expect(dollarsToCents(79999.99)).toBe(7999999);
    expect(Number.isInteger(dollarsToCents(4.35))).toBe(true);
  });

  it('keeps no amount as null', () => {
    expect(optionalCentsToDollars(null)).toBeNull();
    expect(optionalCentsToDollars(1999)).toBe(19.99);
  });
});

describe('lineTotal', () => {
  it('multiplies the unit price by the quantity in whole cents', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(19.99, 3)).toBe(59.97);
    expect(lineTotal(10, 2)).toBe(20);
    expect(lineTotal(1.15, 99)).toBe(113.85);
    expect(lineTotal(4.35, 0)).toBe(0);
  });

  it('gives what the cents of the price times the quantity are, for every price up to $100', () => {
    for (let cents = 1; cents <= 10_000; cents += 3) {
      for (const quantity of [1, 2, 3, 7, 99]) expect(lineTotal(cents / 100, quantity)).toBe((cents * quantity) / 100);
    }
  });
});

describe('formatCents', () => {
  it('writes stored cents as the shop writes amounts', () => {
    expect(formatCents(129950)).toBe('$1,299.50');
    expect(formatCents(5)).toBe('$0.05');
  });
});
