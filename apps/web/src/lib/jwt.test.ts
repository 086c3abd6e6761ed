import { describe, expect, it } from 'vitest';

import { decodeTokenPayload } from './jwt';

function tokenWith(payload: unknown): string {
  const base64url = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(payload))}.signature`;
}

describe('decodeTokenPayload', () => {
  it('reads the payload, including non-Latin text', () => {
    expect(decodeTokenPayload(tokenWith({ id: 'u1', name: 'سارة' }))).toEqual({ id: 'u1', name: 'سارة' });
  });

  it('answers null for anything that is not a token with an object payload', () => {
    expect(decodeTokenPayload('not-a-token')).toBeNull();
    expect(decodeTokenPayload('a.b@d.c')).toBeNull();
    expect(decodeTokenPayload(tokenWith([1, 2]))).toBeNull();
  });
});
