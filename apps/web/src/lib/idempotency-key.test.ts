import { describe, expect, it } from 'vitest';

import { newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a new random UUID each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('is still a UUID v4 where crypto.randomUUID is missing (a page served over plain http)', () => {
    // randomUUID lives on Crypto.prototype: an own property hides it until it is deleted.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(Reflect.get(crypto, 'randomUUID')).toBeUndefined();
      const key = newIdempotencyKey();
      expect(key).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });
});
