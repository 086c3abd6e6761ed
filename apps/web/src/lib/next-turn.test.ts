import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { nextTurn } from './next-turn';

describe('nextTurn', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    // The queue is the module's: let it drain before the next test.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
  });

  it('gives each waiter a task of its own, in the order they asked', async () => {
    const ran: string[] = [];
    void nextTurn().then(() => ran.push('a'));
    void nextTurn().then(() => ran.push('b'));
    void nextTurn().then(() => ran.push('c'));
    expect(ran).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual(['a']);
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual(['a', 'b']);
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('serves a turn asked for later in a later task', async () => {
    const ran: string[] = [];
    void nextTurn().then(async () => {
      ran.push('first');
      await nextTurn();
      ran.push('second');
    });
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual(['first']);
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual(['first', 'second']);
  });
});
