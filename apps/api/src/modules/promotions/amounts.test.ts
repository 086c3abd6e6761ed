import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { discountOf, eligibleLines, promotionAmount, refundOfUnits, spreadByLargestRemainder, type PricedLine, type PromotionTerms } from './amounts';

const DEPARTMENTS = ['grocery', 'home', 'baby'];
const PRODUCTS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];

/** A cart's lines: distinct products, each in a department, a unit price of 1 cent to $9 999.99 and 1–99 of it. */
const linesArbitrary = fc.uniqueArray(
  fc.record({
    productId: fc.constantFrom(...PRODUCTS),
    departmentId: fc.constantFrom(...DEPARTMENTS),
    unitCents: fc.integer({ min: 1, max: 999_999 }),
    quantity: fc.integer({ min: 1, max: 99 }),
  }),
  { minLength: 1, maxLength: PRODUCTS.length, selector: (line) => line.productId },
);

const priced = (lines: { productId: string; departmentId: string; unitCents: number; quantity: number }[]): PricedLine[] =>
  lines.map(({ productId, departmentId, unitCents, quantity }) => ({ productId, departmentId, totalCents: unitCents * quantity }));

const termsArbitrary: fc.Arbitrary<PromotionTerms> = fc.record({
  kind: fc.constantFrom('percent' as const, 'amount' as const),
  value: fc.integer({ min: 1, max: 100 }),
  departmentIds: fc.subarray(DEPARTMENTS),
  productIds: fc.subarray(PRODUCTS),
  minSubtotalCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_000 })),
}).chain((terms) => (terms.kind === 'amount' ? fc.integer({ min: 1, max: 20_000_000 }).map((value) => ({ ...terms, value })) : fc.constant(terms)));

describe('promotion amounts', () => {
  it('takes a percent of the eligible lines rounded half up to the cent, a fixed amount at most their total', () => {
    expect(promotionAmount({ kind: 'percent', value: 10 }, 1_005)).toBe(101); // 100.5 → 101
    expect(promotionAmount({ kind: 'percent', value: 10 }, 1_004)).toBe(100); // 100.4 → 100
    expect(promotionAmount({ kind: 'percent', value: 15 }, 333)).toBe(50); // 49.95 → 50
    expect(promotionAmount({ kind: 'percent', value: 100 }, 12_345)).toBe(12_345);
    expect(promotionAmount({ kind: 'amount', value: 500 }, 1_000)).toBe(500);
    expect(promotionAmount({ kind: 'amount', value: 5_000 }, 1_000)).toBe(1_000);
    expect(promotionAmount({ kind: 'percent', value: 50 }, 0)).toBe(0);
  });

  it('spreads by largest remainder: 10 cents over three equal lines is 4, 3, 3; odd cents go to the largest remainders', () => {
    expect(spreadByLargestRemainder(10, [100, 100, 100])).toEqual([4, 3, 3]);
    expect(spreadByLargestRemainder(100, [1, 2, 3])).toEqual([17, 33, 50]);
    expect(spreadByLargestRemainder(7, [0, 50, 0, 50])).toEqual([0, 4, 0, 3]);
    expect(spreadByLargestRemainder(0, [5, 5])).toEqual([0, 0]);
  });

  it('for any cart and promotion, the lines\' shares add up to the amount, only eligible lines share, none above its line', () => {
    fc.assert(
      fc.property(linesArbitrary, termsArbitrary, (raw, terms) => {
        const lines = priced(raw);
        const { amountCents, shares, eligibleCents, eligibleLines: eligibleCount } = discountOf(terms, lines);
        const eligible = eligibleLines(terms, lines);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amountCents);
        shares.forEach((share, k) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(eligible[k] ? (lines[k] as PricedLine).totalCents : 0);
        });
        expect(amountCents).toBeLessThanOrEqual(eligibleCents);
        // Paid is what is left of each line; with the amount, it adds up to the whole cart.
        const paid = lines.reduce((sum, line, k) => sum + line.totalCents - (shares[k] as number), 0);
        expect(paid + amountCents).toBe(lines.reduce((sum, line) => sum + line.totalCents, 0));
        expect(eligibleCount).toBe(eligible.filter(Boolean).length);
        // Below its minimum it takes nothing; at or above, its whole amount (which may round to 0: 1 % of a cent).
        expect(amountCents).toBe(eligibleCents >= terms.minSubtotalCents ? promotionAmount(terms, eligibleCents) : 0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refunds units at their share of what the line paid, within a cent, and all of a line, in any steps, exactly what it paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 99 }).chain((quantity) => fc.tuple(fc.constant(quantity), fc.array(fc.integer({ min: 1, max: quantity }), { maxLength: 20 }))),
        (paidCents, [quantity, steps]) => {
          let refunded = 0;
          let returned = 0;
          for (const step of steps) {
            const units = Math.min(step, quantity - refunded);
            const part = refundOfUnits(paidCents, quantity, refunded, units);
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            // Each step returns its units' share of what was paid, within a cent.
            expect(Math.abs(part - (paidCents * units) / quantity)).toBeLessThan(1);
            returned += part;
            refunded += units;
          }
          returned += refundOfUnits(paidCents, quantity, refunded, quantity - refunded);
          expect(returned).toBe(paidCents);
        },
      ),
      { numRuns: 2_000 },
    );
    expect(() => refundOfUnits(1_000, 2, 1, 2)).toThrow(RangeError);
  });
});
