import { describe, expect, it } from 'vitest';

import { LeastKept } from './least-kept';

/** A repeatable sequence of numbers in [0, range): ties included. */
function numbers(count: number, range: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % range;
  });
}

describe('LeastKept', () => {
  it('keeps the least numbers offered, in order, whatever their order and ties', () => {
    for (const [count, range, capacity] of [
      [1_000, 50, 8],
      [1_000, 1_000_000, 72],
      [30, 10, 100],
      [5_000, 3, 24],
    ] as const) {
      const offered = numbers(count, range, count + range);
      const kept = new LeastKept(capacity);
      for (const value of offered) kept.offer(value);
      const expected = [...offered].sort((a, b) => a - b).slice(0, capacity);
      expect(Array.from(kept.sorted())).toEqual(expected);
      expect(kept.size).toBe(expected.length);
      expect(kept.greatest).toBe(expected.at(-1));
    }
  });

  it('keeps nothing with no room, and says so', () => {
    const kept = new LeastKept(0);
    kept.offer(1);
    expect(kept.size).toBe(0);
    expect(kept.greatest).toBeUndefined();
    expect(Array.from(kept.sorted())).toEqual([]);
  });
});
