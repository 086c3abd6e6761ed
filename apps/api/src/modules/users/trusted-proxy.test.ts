import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { useTestApp } from '../../test/test-app';

// Behind HAProxy (decision 0061): every request comes from 127.0.0.1, and the client is the one
// its X-Forwarded-For names — as long as the connection comes from the trusted proxy.
const t = useTestApp({ env: { SIGNUP_LIMIT: '1', TRUST_PROXY: '127.0.0.1' } });

const signUp = (remoteAddress: string, forwardedFor?: string) =>
  t.request('POST', '/api/users/signup', {
    body: { name: 'Nour', email: `proxy-${randomBytes(4).toString('hex')}@example.com`, password: 'a-Long-test-passphrase-7' },
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

describe('the client address behind a trusted proxy (TRUST_PROXY)', () => {
  it("counts each shopper's sign-ups by the address the proxy forwards, not the proxy's own", async () => {
    expect((await signUp('127.0.0.1', '203.0.113.21')).status).toBe(201);
    expect((await signUp('127.0.0.1', '203.0.113.22')).status).toBe(201);
    expect((await signUp('127.0.0.1', '203.0.113.21')).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a client that is not the proxy', async () => {
    expect((await signUp('198.51.100.31', '203.0.113.40')).status).toBe(201);
    // The same client naming someone else is still itself.
    expect((await signUp('198.51.100.31', '203.0.113.41')).status).toBe(429);
    // And the address it named was never counted.
    expect((await signUp('127.0.0.1', '203.0.113.40')).status).toBe(201);
  });
});
