import { randomBytes } from 'node:crypto';

import { afterEach, describe, expect, it } from 'vitest';

import { FailureLimiter, SIGN_IN_RULES } from './failure-limiter';

const open: FailureLimiter[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((limiter) => limiter.close()));
});

function limiter(redisUrl: string | undefined, keyPrefix: string): FailureLimiter {
  const created = FailureLimiter.create({ redisUrl, keyPrefix });
  open.push(created);
  return created;
}

describe('FailureLimiter in memory', () => {
  it('blocks a key after its rule’s number of failures, and only that key', async () => {
    const counter = limiter(undefined, 'mem');
    for (let i = 0; i < SIGN_IN_RULES.email.points - 1; i += 1) await counter.recordFailure({ email: 'a@example.com' });
    expect(await counter.retryAfterSeconds({ email: 'a@example.com' })).toBe(0);
    await counter.recordFailure({ email: 'a@example.com' });
    const wait = await counter.retryAfterSeconds({ email: 'a@example.com', address: '10.0.0.1' });
    expect(wait).toBeGreaterThan(SIGN_IN_RULES.email.durationSeconds - 5);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_RULES.email.durationSeconds);
    expect(await counter.retryAfterSeconds({ email: 'b@example.com', address: '10.0.0.1' })).toBe(0);
  });
});

// With REDIS_URL set (CI sets it when Redis answers), two limiters stand for two API processes.
describe.runIf(process.env.REDIS_URL)('FailureLimiter over Redis', () => {
  it('shares the counts between processes', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}`;
    const one = limiter(process.env.REDIS_URL, prefix);
    const two = limiter(process.env.REDIS_URL, prefix);
    for (let i = 0; i < SIGN_IN_RULES.email.points; i += 1) {
      await (i % 2 === 0 ? one : two).recordFailure({ email: 'shared@example.com' });
    }
    expect(await one.retryAfterSeconds({ email: 'shared@example.com' })).toBeGreaterThan(0);
    expect(await two.retryAfterSeconds({ email: 'shared@example.com' })).toBeGreaterThan(0);
    expect(await limiter(process.env.REDIS_URL, `${prefix}-other`).retryAfterSeconds({ email: 'shared@example.com' })).toBe(0);
  });
});
