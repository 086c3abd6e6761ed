import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { checkoutLines } from './provider';

describe('checkoutLines', () => {
  it('charges each line exactly what it paid, in whole-cent units over all its units', () => {
    expect(checkoutLines([{ title: 'Dates', quantity: 3, paidCents: 1_000 }])).toEqual([
      { title: 'Dates', quantity: 1, unitAmountCents: 334 },
      { title: 'Dates', quantity: 2, unitAmountCents: 333 },
    ]);
    expect(checkoutLines([{ title: 'Oil', quantity: 2, paidCents: 1_500 }])).toEqual([{ title: 'Oil', quantity: 2, unitAmountCents: 750 }]);

    fc.assert(
      fc.property(fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 99 }), paidCents: fc.integer({ min: 0, max: 10_000_000 }) }), { minLength: 1, maxLength: 20 }), (paid) => {
        const lines = checkoutLines(paid.map((line, k) => ({ title: `p${k}`, ...line })));
        expect(lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0)).toBe(paid.reduce((sum, line) => sum + line.paidCents, 0));
        for (const [k, line] of paid.entries()) {
          const charged = lines.filter((entry) => entry.title === `p${k}`);
          expect(charged.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(line.quantity);
          expect(charged.every((entry) => Number.isInteger(entry.unitAmountCents) && entry.unitAmountCents >= 0 && entry.quantity > 0)).toBe(true);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
