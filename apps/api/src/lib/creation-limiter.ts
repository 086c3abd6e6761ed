import { isIPv6 } from 'node:net';

import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { tooManyRequests } from './errors';

/** Creations are counted per client address over this window (decision 0031). */
export const CREATION_WINDOW_SECONDS = 10 * 60;

/** What is counted: new accounts, and new guest carts. */
export type CreationKind = 'signup' | 'guestCart';

/** At most this many creations of each kind per client address per window; 0 = no limit. */
export type CreationLimits = Record<CreationKind, number>;

const minutes = (seconds: number) => {
  const n = Math.ceil(seconds / 60);
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/** The 429's message, with the wait in minutes (the `Retry-After` header has it in seconds). */
const REFUSALS: Record<CreationKind, (seconds: number) => string> = {
  signup: (seconds) => `Too many accounts have been created from your network. Please try again in ${minutes(seconds)}.`,
  guestCart: (seconds) => `Too many new carts have been started from your network. Please sign in, or try again in ${minutes(seconds)}.`,
};

/**
 * The key of a client address: an IPv4 address as it is (a household shares one), an IPv6 one by
 * its /64 network — one subscriber's devices each have their own address inside it, and a script
 * could otherwise take a new one for every request.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts creations — sign-ups and new guest carts — per client address in fixed windows of
 * `CREATION_WINDOW_SECONDS`, and refuses one over the limit with a 429 and `Retry-After`. Like the
 * sign-in failure counts (failure-limiter.ts), the counters live in Redis when REDIS_URL is set,
 * so every API process shares them, else in this process's memory; with Redis unreachable,
 * counting goes on in memory.
 */
export class CreationLimiter {
  private readonly limiters: Partial<Record<CreationKind, RateLimiterAbstract>> = {};

  private constructor(
    private readonly redis: Redis | undefined,
    keyPrefix: string,
    limits: CreationLimits,
  ) {
    for (const kind of Object.keys(limits) as CreationKind[]) {
      if (limits[kind] <= 0) continue;
      const options = { keyPrefix: `${keyPrefix}:${kind}`, points: limits[kind], duration: CREATION_WINDOW_SECONDS };
      this.limiters[kind] = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
    }
  }

  /** `keyPrefix` separates shops (or test runs) sharing one Redis. */
  static create({ redisUrl, keyPrefix = 'dukkan:create', limits }: { redisUrl?: string; keyPrefix?: string; limits: CreationLimits }): CreationLimiter {
    const counted = limits.signup > 0 || limits.guestCart > 0;
    const redis = redisUrl && counted ? new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
    // ioredis reconnects by itself; until it does, the insurance limiter counts.
    redis?.on('error', () => undefined);
    return new CreationLimiter(redis, keyPrefix, limits);
  }

  /**
   * Counts one creation of `kind` for the client address, or throws the 429 when the address has
   * had its limit in this window. Answers a function that gives the creation back, for a request
   * that then creates nothing (an unknown product, a taken email).
   */
  async take(kind: CreationKind, ip: string): Promise<() => Promise<void>> {
    const limiter = this.limiters[kind];
    if (!limiter) return () => Promise.resolve();
    const key = clientAddressKey(ip);
    try {
      await limiter.consume(key, 1);
    } catch (error) {
      // Anything but the limiter's own refusal (it has an insurance store) lets the request through.
      if (!(error instanceof RateLimiterRes)) return () => Promise.resolve();
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw tooManyRequests(REFUSALS[kind](seconds), seconds);
    }
    return async () => {
      await limiter.reward(key, 1).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}
