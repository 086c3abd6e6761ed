import { describe, expect, it } from 'vitest';

import { arabicRowCount } from './theme';

describe("the grid's Arabic row count", () => {
  it('writes numbers with Latin digits, as the shop does in Arabic', () => {
    const label = arabicRowCount.paginationDisplayedRows({ from: 1, to: 25, count: 324, estimated: undefined });
    expect(label).toBe('\u200E1–25\u200E من 324');
    expect(label).not.toMatch(/[\u0660-\u0669]/);
    expect(arabicRowCount.paginationDisplayedRows({ from: 26, to: 50, count: -1, estimated: undefined })).toBe('\u200E26–50\u200E من أكثر من 50');
  });
});
