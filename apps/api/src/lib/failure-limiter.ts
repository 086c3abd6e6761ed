import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';

import { tooManyRequests } from './errors';

/** A counted kind of failure: at most `points` within `durationSeconds` per key. */
export interface FailureRule {
  points: number;
  durationSeconds: number;
}

/** Sign-in failures: per email, tight (guessing one account); per client address, generous (a shop behind one proxy). */
export const SIGN_IN_RULES = {
  email: { points: 10, durationSeconds: 15 * 60 },
  address: { points: 100, durationSeconds: 15 * 60 },
} as const satisfies Record<string, FailureRule>;

export type FailureScope = keyof typeof SIGN_IN_RULES;

/**
 * Counts failed attempts (only failures: a success costs nothing) and tells when a key has had
 * too many. Counters live in Redis when REDIS_URL is set, so every API process sees the same
 * counts; otherwise in this process's memory. Should Redis be unreachable, counting goes on in
 * memory rather than locking everyone out or letting everyone through uncounted.
 */
export class FailureLimiter {
  private readonly limiters: Record<FailureScope, RateLimiterAbstract>;

  private constructor(
    private readonly redis: Redis | undefined,
    keyPrefix: string,
  ) {
    const make = (scope: FailureScope): RateLimiterAbstract => {
      const rule = SIGN_IN_RULES[scope];
      const options = { keyPrefix: `${keyPrefix}:${scope}`, points: rule.points, duration: rule.durationSeconds };
      if (!redis) return new RateLimiterMemory(options);
      const limiter: RateLimiterStoreAbstract = new RateLimiterRedis({
        ...options,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(options),
      });
      return limiter;
    };
    this.limiters = { email: make('email'), address: make('address') };
  }

  /** `keyPrefix` separates shops (or test runs) sharing one Redis. */
  static create({ redisUrl, keyPrefix = 'dukkan:fail' }: { redisUrl?: string; keyPrefix?: string }): FailureLimiter {
    // Commands wait for the connection (the first ones go out as soon as it is up); with Redis
    // gone, a command fails after one retry and the in-memory insurance limiter counts instead.
    const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
    // ioredis reconnects by itself; until it does, the insurance limiter counts.
    redis?.on('error', () => undefined);
    return new FailureLimiter(redis, keyPrefix);
  }

  /** Seconds until the first blocked key frees up, or 0 when none of `keys` is blocked. */
  async retryAfterSeconds(keys: Partial<Record<FailureScope, string>>): Promise<number> {
    let waitMs = 0;
    for (const scope of Object.keys(keys) as FailureScope[]) {
      const key = keys[scope];
      if (key === undefined) continue;
      const state = await this.limiters[scope].get(key).catch(() => null);
      if (state && state.consumedPoints >= SIGN_IN_RULES[scope].points) waitMs = Math.max(waitMs, state.msBeforeNext);
    }
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** Counts one failure against each of `keys`. */
  async recordFailure(keys: Partial<Record<FailureScope, string>>): Promise<void> {
    await Promise.all(
      (Object.keys(keys) as FailureScope[]).map(async (scope) => {
        const key = keys[scope];
        if (key !== undefined) await this.limiters[scope].penalty(key, 1).catch(() => undefined);
      }),
    );
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}

/**
 * Counts one password-reset request against the email and the client's address (keys of their
 * own beside sign-in failures'), or throws a 429 when either has had too many already.
 */
export async function limitResetRequests(limiter: FailureLimiter, email: string, clientAddress: string): Promise<void> {
  const keys = { email: `reset:${email}`, address: `reset:${clientAddress}` };
  const wait = await limiter.retryAfterSeconds(keys);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(`Too many reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, wait);
  }
  await limiter.recordFailure(keys);
}
