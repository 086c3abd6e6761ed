import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { startPeriodicJob } from './periodic-job';

const log = Fastify({ logger: false }).log;

describe('startPeriodicJob', () => {
  it('never starts a run while the last one is still going, and stopping waits for it', async () => {
    let started = 0;
    let finished = 0;
    let running = 0;
    let mostAtOnce = 0;
    const stop = startPeriodicJob({
      intervalMs: 10,
      log,
      doneMessage: 'done',
      failedMessage: 'failed',
      // Each run takes far longer than the interval, as a backup of a big shop does.
      run: async () => {
        started += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 60));
        running -= 1;
        finished += 1;
        return 0;
      },
    });
    await expect.poll(() => finished, { timeout: 5_000, interval: 5 }).toBeGreaterThanOrEqual(2);
    await stop();
    expect(mostAtOnce).toBe(1);
    // The run in progress when it stopped has ended, and none starts after.
    expect(finished).toBe(started);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(finished);
  });

  it('logs a failed run and runs again at the next tick', async () => {
    const lines: string[] = [];
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } }).log;
    let runs = 0;
    const stop = startPeriodicJob({
      intervalMs: 10,
      log: logger,
      doneMessage: 'changed things',
      failedMessage: 'run failed',
      run: () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('first run breaks')) : Promise.resolve(2);
      },
    });
    await expect.poll(() => lines.some((line) => line.includes('changed things')), { timeout: 5_000, interval: 5 }).toBe(true);
    await stop();
    expect(lines.some((line) => line.includes('run failed'))).toBe(true);
  });
});
