import { randomBytes } from 'node:crypto';

import { afterEach, describe, expect, it } from 'vitest';

import { clientAddressKey, CreationLimiter, type CreationLimits } from './creation-limiter';
import { TooManyRequestsError } from './errors';

const open: CreationLimiter[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((limiter) => limiter.close()));
});

function limiter(redisUrl: string | undefined, keyPrefix: string, limits: CreationLimits): CreationLimiter {
  const created = CreationLimiter.create({ redisUrl, keyPrefix, limits });
  open.push(created);
  return created;
}

describe('clientAddressKey', () => {
  it('keys IPv4 by the address, IPv6 by its /64 network, and a mapped IPv4 address as IPv4', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('CreationLimiter in memory', () => {
  it('refuses the creation over the limit with a 429 and its wait, per kind and per address; 0 is no limit', async () => {
    const counter = limiter(undefined, 'mem', { signup: 2, guestCart: 0 });
    await counter.take('signup', '10.0.0.1');
    await counter.take('signup', '10.0.0.1');
    const refusal = await counter.take('signup', '10.0.0.1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect((refusal as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(590);
    await counter.take('signup', '10.0.0.2');
    for (let i = 0; i < 50; i += 1) await counter.take('guestCart', '10.0.0.1');
  });

  it('gives a creation back', async () => {
    const counter = limiter(undefined, 'mem', { signup: 1, guestCart: 1 });
    const giveBack = await counter.take('guestCart', '10.0.0.3');
    await giveBack();
    await counter.take('guestCart', '10.0.0.3');
    await expect(counter.take('guestCart', '10.0.0.3')).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});

// With REDIS_URL set (CI sets it when Redis answers), two limiters stand for two API processes.
describe.runIf(process.env.REDIS_URL)('CreationLimiter over Redis', () => {
  it('shares the counts between processes', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}`;
    const limits = { signup: 3, guestCart: 3 };
    const one = limiter(process.env.REDIS_URL, prefix, limits);
    const two = limiter(process.env.REDIS_URL, prefix, limits);
    await one.take('signup', '10.0.0.9');
    await two.take('signup', '10.0.0.9');
    await one.take('signup', '10.0.0.9');
    await expect(two.take('signup', '10.0.0.9')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(one.take('signup', '10.0.0.9')).rejects.toBeInstanceOf(TooManyRequestsError);
    await limiter(process.env.REDIS_URL, `${prefix}-other`, limits).take('signup', '10.0.0.9');
  });
});
