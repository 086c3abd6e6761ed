import { StaffAccountResponseSchema, StaffListResponseSchema, StaffSessionResponseSchema, TwoFactorEnrolmentResponseSchema } from '@dukkan/contracts/admin-staff';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';

import { createTestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';

import { insertStaffWithPassword, sessionHeaders, staffRow } from './test-support';

const t = useTestApp();
const errorOf = (res: { body: unknown }) => ErrorResponseSchema.parse(res.body);
const seconds = (offset = 0) => Math.floor(Date.now() / 1000) + offset;
/** The code an authenticator app shows `offset` seconds from now. */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: seconds(offset) });

const signIn = (email: string, password: string, code?: string) => t.request('POST', '/api/admin/session', { body: { email, password, ...(code !== undefined ? { code } : {}) } });

/** Signs in a new member with a password and turns two-factor on: their secret and session. */
async function enrolled(role: 'owner' | 'catalog' | 'support' = 'catalog') {
  const member = await insertStaffWithPassword(t.database.db, role);
  const headers = sessionHeaders(await signIn(member.email, member.password));
  const start = await t.request('POST', '/api/admin/account/two-factor', { headers });
  const { secret } = TwoFactorEnrolmentResponseSchema.parse(start.body).data;
  expect((await t.request('POST', '/api/admin/account/two-factor/confirm', { headers, body: { code: await codeAt(secret, -30) } })).status).toBe(204);
  return { ...member, secret, headers };
}

describe('two-factor enrolment', () => {
  it('gives the secret, an otpauth URL and an SVG QR code; only a correct code turns it on', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    const headers = sessionHeaders(await signIn(member.email, member.password));
    const res = await t.request('POST', '/api/admin/account/two-factor', { headers, body: {} });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUrl, qrCode } = TwoFactorEnrolmentResponseSchema.parse(res.body).data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not in force before it is confirmed.
    expect((await signIn(member.email, member.password)).status).toBe(200);
    const wrong = await t.request('POST', '/api/admin/account/two-factor/confirm', { headers, body: { code: '000000' === (await codeAt(secret)) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID');
    expect(errorOf(wrong).field).toBe('code');
    expect((await staffRow(t.database.db, member.id))?.totpEnabledAt).toBeNull();

    expect((await t.request('POST', '/api/admin/account/two-factor/confirm', { headers, body: { code: await codeAt(secret) } })).status).toBe(204);
    const account = StaffAccountResponseSchema.parse((await t.request('GET', '/api/admin/account', { headers })).body);
    expect(account.data.twoFactorEnabled).toBe(true);
    // The owner's staff list shows it.
    const owner = await createTestStaff(t.database.db, 'owner');
    const list = StaffListResponseSchema.parse((await t.request('GET', '/api/admin/staff', { headers: owner.headers })).body).data;
    expect(list.find((listed) => listed._id === member.id)).toMatchObject({ twoFactor: true, invited: false });
    // Enrolling again while it is on: 409.
    expect((await t.request('POST', '/api/admin/account/two-factor', { headers })).status).toBe(409);
  });
});

describe('sign-in with two-factor', () => {
  it('asks for the code, refuses a wrong or reused one, accepts a current one', async () => {
    const member = await enrolled();
    const missing = await signIn(member.email, member.password);
    expect(missing.status).toBe(401);
    expect(errorOf(missing).code).toBe('TWO_FACTOR_REQUIRED');
    expect(missing.headers['set-cookie']).toBeUndefined();

    const current = await codeAt(member.secret, 30);
    const wrong = await signIn(member.email, member.password, current === '123456' ? '654321' : '123456');
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID');

    // A wrong password with a right code is still the one credentials message.
    const badPassword = await signIn(member.email, 'wrong-password-here', current);
    expect(badPassword.status).toBe(401);
    expect(errorOf(badPassword).code).toBe('INVALID_CREDENTIALS');

    const ok = await signIn(member.email, member.password, current);
    expect(ok.status).toBe(200);
    expect(StaffSessionResponseSchema.parse(ok.body).data.staff._id).toBe(member.id);
    // The same code a second time: refused (replay).
    const replay = await signIn(member.email, member.password, current);
    expect(replay.status).toBe(401);
    expect(errorOf(replay).code).toBe('TWO_FACTOR_INVALID');
  });

  it('counts wrong codes as failed sign-ins: the 11th try is a 429', async () => {
    const member = await enrolled();
    for (let i = 0; i < 10; i++) expect((await signIn(member.email, member.password, '999999' === (await codeAt(member.secret)) ? '888888' : '999999')).status).toBe(401);
    expect((await signIn(member.email, member.password, await codeAt(member.secret, 30))).status).toBe(429);
  });

  it('turns off with a current code; then no code is asked', async () => {
    const member = await enrolled();
    const headers = sessionHeaders(await signIn(member.email, member.password, await codeAt(member.secret, 30)));
    expect((await t.request('DELETE', '/api/admin/account/two-factor', { headers, body: { code: 'abc' } })).status).toBe(400);
    const wrong = await t.request('DELETE', '/api/admin/account/two-factor', { headers, body: { code: (await codeAt(member.secret)) === '424242' ? '242424' : '424242' } });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID');
    expect((await staffRow(t.database.db, member.id))?.totpEnabledAt).not.toBeNull();
    expect((await t.request('DELETE', '/api/admin/account/two-factor', { headers, body: { code: await codeAt(member.secret) } })).status).toBe(204);
    expect((await staffRow(t.database.db, member.id))?.totpSecret).toBeNull();
    expect((await signIn(member.email, member.password)).status).toBe(200);
  });

  it('the code that confirmed enrolment signs in right after (confirming consumes no code)', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    const headers = sessionHeaders(await signIn(member.email, member.password));
    const { secret } = TwoFactorEnrolmentResponseSchema.parse((await t.request('POST', '/api/admin/account/two-factor', { headers })).body).data;
    const code = await codeAt(secret);
    expect((await t.request('POST', '/api/admin/account/two-factor/confirm', { headers, body: { code } })).status).toBe(204);
    expect((await signIn(member.email, member.password, code)).status).toBe(200);
  });

  it('the owner resets another’s two-factor: their sessions end and they sign in without a code', async () => {
    const member = await enrolled('support');
    const owner = await createTestStaff(t.database.db, 'owner');
    expect((await t.request('POST', `/api/admin/staff/${member.id}/two-factor/reset`, { headers: owner.headers })).status).toBe(204);
    expect((await t.request('GET', '/api/admin/session', { headers: member.headers })).status).toBe(401);
    expect((await signIn(member.email, member.password)).status).toBe(200);
    expect((await t.request('POST', '/api/admin/staff/00000000-0000-4000-8000-000000000000/two-factor/reset', { headers: owner.headers })).status).toBe(404);
  });
});

describe('two-factor required by the owner', () => {
  it('a member without it signs in to enrol only; with it enrolled, the code is needed; it cannot be turned off', async () => {
    const owner = await createTestStaff(t.database.db, 'owner');
    expect((await t.request('PUT', '/api/admin/settings', { headers: owner.headers, body: { requireTwoFactor: true } })).body).toEqual({ data: { requireTwoFactor: true } });
    expect((await t.request('GET', '/api/admin/settings', { headers: owner.headers })).body).toEqual({ data: { requireTwoFactor: true } });
    try {
      const member = await insertStaffWithPassword(t.database.db, 'owner');
      const first = await signIn(member.email, member.password);
      expect(first.status).toBe(200);
      expect(StaffSessionResponseSchema.parse(first.body).data.twoFactorSetupRequired).toBe(true);
      const headers = sessionHeaders(first);
      // Only enrolment, the account and sign-out are open.
      const refused = await t.request('GET', '/api/admin/staff', { headers });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      expect(StaffSessionResponseSchema.parse((await t.request('GET', '/api/admin/session', { headers })).body).data.twoFactorSetupRequired).toBe(true);

      const { secret } = TwoFactorEnrolmentResponseSchema.parse((await t.request('POST', '/api/admin/account/two-factor', { headers })).body).data;
      expect((await t.request('POST', '/api/admin/account/two-factor/confirm', { headers, body: { code: await codeAt(secret, -30) } })).status).toBe(204);
      expect((await t.request('GET', '/api/admin/staff', { headers })).status).toBe(200);
      expect(StaffSessionResponseSchema.parse((await t.request('GET', '/api/admin/session', { headers })).body).data).not.toHaveProperty('twoFactorSetupRequired');

      expect(errorOf(await signIn(member.email, member.password)).code).toBe('TWO_FACTOR_REQUIRED');
      const off = await t.request('DELETE', '/api/admin/account/two-factor', { headers, body: { code: await codeAt(secret, 30) } });
      expect(off.status).toBe(409);
      expect(errorOf(off).code).toBe('TWO_FACTOR_REQUIRED_BY_OWNER');
      expect((await staffRow(t.database.db, member.id))?.totpEnabledAt).not.toBeNull();
    } finally {
      await t.request('PUT', '/api/admin/settings', { headers: owner.headers, body: { requireTwoFactor: false } });
    }
  });
});
