import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { nextTurn, takeTurn } from './next-turn';

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

  it('puts a turn taken first before those waiting, and moves one waiting already to the front', async () => {
    const ran: string[] = [];
    const c = () => ran.push('c');
    void nextTurn().then(() => ran.push('a'));
    takeTurn(c);
    takeTurn(() => ran.push('b'), { first: true });
    // Waiting already: asked again, it keeps its place; asked first, it moves to the front.
    takeTurn(c);
    takeTurn(c, { first: true });
    await vi.runAllTimersAsync();
    expect(ran).toEqual(['c', 'b', 'a']);
  });
});
