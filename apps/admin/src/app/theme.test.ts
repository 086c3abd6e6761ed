import { describe, expect, it } from 'vitest';

import { arabicRowCount, themeFor } from './theme';

describe("the grid's Arabic row count", () => {
  it('writes numbers with Latin digits, as the shop does in Arabic', () => {
    const label = arabicRowCount.paginationDisplayedRows({ from: 1, to: 25, count: 324, estimated: undefined });
    expect(label).toBe('\u200E1–25\u200E من 324');
    expect(label).not.toMatch(/[\u0660-\u0669]/);
    expect(arabicRowCount.paginationDisplayedRows({ from: 26, to: 50, count: -1, estimated: undefined })).toBe('\u200E26–50\u200E من أكثر من 50');
  });
});

describe('the headings', () => {
  it('shrink from the screen\'s h1 to a section\'s h2 to its h3, in both directions', () => {
    const rem = (size: string | number | undefined) => Number.parseFloat(String(size));
    for (const direction of ['ltr', 'rtl'] as const) {
      const { h1, h2, h3 } = themeFor(direction).typography;
      expect(rem(h1.fontSize)).toBeGreaterThan(rem(h2.fontSize));
      expect(rem(h2.fontSize)).toBeGreaterThan(rem(h3.fontSize));
    }
  });
});
