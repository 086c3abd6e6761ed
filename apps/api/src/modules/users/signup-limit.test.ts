import { randomBytes } from 'node:crypto';

import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { UserResponseSchema } from '@dukkan/contracts/users';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { users } from '../../db/schema';
import { useTestApp, type JsonAnswer } from '../../test/test-app';

// A small limit through the environment, as an operator sets it (SIGNUP_LIMIT).
const t = useTestApp({ env: { SIGNUP_LIMIT: '3' } });

const email = (tag: string) => `limit-${tag}-${randomBytes(4).toString('hex')}@example.com`;
const signUp = (address: string, remoteAddress: string, password = 'a-Long-test-passphrase-7') =>
  t.request('POST', '/api/users/signup', { body: { name: 'Nour', email: address, password }, remoteAddress });

async function accountsWith(address: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, address));
  return row?.n ?? 0;
}

function created(res: JsonAnswer) {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return UserResponseSchema.parse(res.body).data;
}

describe('the sign-up limit per client address', () => {
  it('answers 429 with Retry-After after SIGNUP_LIMIT accounts, creates no account, and leaves other addresses alone', async () => {
    const client = '203.0.113.7';
    for (let i = 0; i < 3; i += 1) created(await signUp(email(`ok${i}`), client));

    const refusedEmail = email('refused');
    const refused = await signUp(refusedEmail, client);
    expect(refused.status).toBe(429);
    const error = ErrorResponseSchema.parse(refused.body);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toMatch(/^Too many accounts have been created from your network\. Please try again in (10|9) minutes\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await accountsWith(refusedEmail)).toBe(0);
    // Signing in is no sign-up: the limit never stands in the way of an existing account.
    expect((await t.request('POST', '/api/users/signin', { body: { email: refusedEmail, password: 'x' }, remoteAddress: client })).status).toBe(401);

    // Another household, and another IPv6 network, are not affected.
    created(await signUp(email('other'), '198.51.100.20'));
    created(await signUp(email('v6'), '2001:db8:1:2::10'));
  });

  it('counts only accounts created: a refused sign-up (taken email, common password) is given back', async () => {
    const client = '203.0.113.8';
    const taken = email('taken');
    created(await signUp(taken, client));
    for (let i = 0; i < 4; i += 1) expect((await signUp(taken, client)).status).toBe(409);
    expect((await signUp(email('common'), client, 'Password123')).status).toBe(400);
    created(await signUp(email('second'), client));
    created(await signUp(email('third'), client));
    expect((await signUp(email('fourth'), client)).status).toBe(429);
  });

  it('counts an IPv6 network (/64) as one address, and a mapped IPv4 address as that address', async () => {
    for (let i = 1; i <= 3; i += 1) created(await signUp(email(`net${i}`), `2001:db8:aa:bb:${i}::1`));
    expect((await signUp(email('net4'), '2001:db8:aa:bb:ffff::9')).status).toBe(429);
    created(await signUp(email('netc'), '2001:db8:aa:bc::1'));

    for (let i = 1; i <= 3; i += 1) created(await signUp(email(`mapped${i}`), i % 2 === 0 ? '::ffff:192.0.2.44' : '192.0.2.44'));
    expect((await signUp(email('mapped4'), '::ffff:192.0.2.44')).status).toBe(429);
  });

  it('lets exactly SIGNUP_LIMIT of many sign-ups sent at once through', async () => {
    const client = '203.0.113.9';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(email(`burst${i}`), client)));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(5);
  });
});
