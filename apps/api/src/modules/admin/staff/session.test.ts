import { StaffSessionResponseSchema } from '@dukkan/contracts/admin-staff';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { staffSessions } from '../../../db/schema';
import { createTestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';
import { createStaffSession, findStaffSession, hashSessionToken, SESSION_COOKIE, SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../session';

import { insertStaffWithPassword, sessionHeaders, setCookies } from './test-support';

const t = useTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });

const signIn = (body: Record<string, unknown>, remoteAddress?: string) => t.request('POST', '/api/admin/session', { body, ...(remoteAddress ? { remoteAddress } : {}) });
const errorCode = (res: { body: unknown }) => ErrorResponseSchema.parse(res.body).code;

async function sessionCount(staffId: string): Promise<number> {
  return (await t.database.db.select({ h: staffSessions.tokenHash }).from(staffSessions).where(eq(staffSessions.staffId, staffId))).length;
}

describe('POST /api/admin/session', () => {
  it('signs in with email and password: the staff member, an HttpOnly SameSite=Strict Secure session cookie on /api/admin and a readable XSRF-TOKEN cookie', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    const res = await signIn({ email: member.email.toUpperCase(), password: member.password });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(StaffSessionResponseSchema.parse(res.body)).toEqual({ data: { staff: { _id: member.id, email: member.email, name: 'Test catalog', role: 'catalog' } } });

    const cookies = setCookies(res);
    const session = cookies[SESSION_COOKIE]!;
    expect(session.attributes).toMatch(/Path=\/api\/admin/);
    expect(session.attributes).toMatch(/HttpOnly/);
    expect(session.attributes).toMatch(/SameSite=Strict/);
    expect(session.attributes).toMatch(/Secure/);
    const xsrf = cookies[XSRF_COOKIE]!;
    expect(xsrf.attributes).toMatch(/Path=\//);
    expect(xsrf.attributes).not.toMatch(/HttpOnly/);
    expect(xsrf.attributes).toMatch(/SameSite=Strict/);
    // Stored hashed: the cookie's token itself is nowhere in the table.
    const [row] = await t.database.db.select().from(staffSessions).where(eq(staffSessions.tokenHash, hashSessionToken(session.value)));
    expect(row?.staffId).toBe(member.id);
    expect(row?.xsrfToken).toBe(xsrf.value);

    const me = await t.request('GET', '/api/admin/session', { headers: sessionHeaders(res) });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it('answers one 401 for a wrong password and an unknown email', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    const wrong = await signIn({ email: member.email, password: 'not-the-password-at-all' });
    const unknown = await signIn({ email: 'nobody-here@staff.test', password: member.password });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(setCookies(wrong)[SESSION_COOKIE]).toBeUndefined();
  });

  it('refuses a disabled member with the right password as it refuses a wrong one (a guesser learns nothing)', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    await t.request('PATCH', `/api/admin/staff/${member.id}`, { body: { disabled: true }, headers: (await createTestStaff(t.database.db, 'owner')).headers });
    const res = await signIn({ email: member.email, password: member.password });
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe('INVALID_CREDENTIALS');
    expect(setCookies(res)[SESSION_COOKIE]).toBeUndefined();
  });

  it('limits failed sign-ins to 10 per email tried, known or not, and never counts a success', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    // Successes do not count: 12 of them, then 9 failures still leave the 10th try open.
    for (let i = 0; i < 12; i++) expect((await signIn({ email: member.email, password: member.password }, '10.1.0.1')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn({ email: member.email, password: 'wrong-password-xyz' }, '10.1.0.1')).status).toBe(401);
    expect((await signIn({ email: member.email, password: member.password }, '10.1.0.1')).status).toBe(200);
    expect((await signIn({ email: member.email, password: 'wrong-password-xyz' }, '10.1.0.1')).status).toBe(401);
    // The 11th: refused before the password is checked, even the right one, from another address too.
    const blocked = await signIn({ email: member.email, password: member.password }, '10.1.0.2');
    expect(blocked.status).toBe(429);
    expect(errorCode(blocked)).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const unknown = 'no-such-staff@staff.test';
    for (let i = 0; i < 10; i++) expect((await signIn({ email: unknown, password: 'whatever-password' }, '10.1.0.3')).status).toBe(401);
    expect((await signIn({ email: unknown, password: 'whatever-password' }, '10.1.0.3')).status).toBe(429);

    // Other emails are not blocked by these.
    const other = await insertStaffWithPassword(t.database.db, 'catalog');
    expect((await signIn({ email: other.email, password: other.password }, '10.1.0.3')).status).toBe(200);
  });

  it('limits failed sign-ins to 100 per client address', async () => {
    for (let i = 0; i < 100; i++) expect((await signIn({ email: `spray-${i}@staff.test`, password: 'whatever-password' }, '10.9.9.9')).status).toBe(401);
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    expect((await signIn({ email: member.email, password: member.password }, '10.9.9.9')).status).toBe(429);
    expect((await signIn({ email: member.email, password: member.password }, '10.9.9.8')).status).toBe(200);
  });

  it('refuses a body without email or password with a 400 naming it', async () => {
    const res = await signIn({ email: 'a@b.co' });
    expect(res.status).toBe(400);
    expect(ErrorResponseSchema.parse(res.body).message).toMatch(/password/);
  });
});

describe('GET and DELETE /api/admin/session', () => {
  it('answers 401 without a session, with a shopper’s token, and with a made-up cookie; all no-store', async () => {
    const shopper = await t.createUser();
    for (const res of [
      await t.request('GET', '/api/admin/session'),
      await t.request('GET', '/api/admin/session', { as: shopper }),
      await t.request('GET', '/api/admin/staff', { as: shopper }),
      await t.request('GET', '/api/admin/session', { headers: { cookie: `${SESSION_COOKIE}=made-up` } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('marks every answer under /api/admin no-store, unknown routes and bad input included', async () => {
    const unknown = await t.request('GET', '/api/admin/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const bad = await t.request('GET', '/api/admin/setup');
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('signs out: 204, the session row deleted, both cookies cleared, the cookie opens nothing after', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    const res = await signIn({ email: member.email, password: member.password });
    const headers = sessionHeaders(res);
    expect(await sessionCount(member.id)).toBe(1);
    const out = await t.request('DELETE', '/api/admin/session', { headers });
    expect(out.status).toBe(204);
    expect(await sessionCount(member.id)).toBe(0);
    const cleared = setCookies(out);
    expect(cleared[SESSION_COOKIE]?.value).toBe('');
    expect(cleared[XSRF_COOKIE]?.value).toBe('');
    expect((await t.request('GET', '/api/admin/session', { headers })).status).toBe(401);
  });

  it('refuses a sign-out without the XSRF header (403) and keeps the session', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    const headers = sessionHeaders(await signIn({ email: member.email, password: member.password }));
    const { [XSRF_HEADER]: _dropped, ...withoutHeader } = headers;
    const res = await t.request('DELETE', '/api/admin/session', { headers: withoutHeader });
    expect(res.status).toBe(403);
    expect(errorCode(res)).toBe('XSRF_TOKEN_INVALID');
    expect(await sessionCount(member.id)).toBe(1);
  });
});

describe('session lifetime (session.ts, with a given now)', () => {
  it('ends a session after 12 idle hours, and keeps one in use', async () => {
    const member = await createTestStaff(t.database.db, 'catalog');
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createStaffSession(t.database.db, member.id, start);
    const hour = 60 * 60 * 1000;
    // Used every 11 hours, it lives on past 12 hours from the start.
    expect(await findStaffSession(t.database.db, token, new Date(start.getTime() + 11 * hour))).not.toBeNull();
    expect(await findStaffSession(t.database.db, token, new Date(start.getTime() + 22 * hour))).not.toBeNull();
    // Then 12 hours without use: over.
    expect(await findStaffSession(t.database.db, token, new Date(start.getTime() + 22 * hour + SESSION_IDLE_MS))).toBeNull();
  });

  it('ends a session 7 days after sign-in however busy it is', async () => {
    const member = await createTestStaff(t.database.db, 'catalog');
    const start = new Date('2026-02-01T00:00:00Z');
    const { token } = await createStaffSession(t.database.db, member.id, start);
    const hour = 60 * 60 * 1000;
    for (let at = 10 * hour; at < SESSION_LIFETIME_MS; at += 10 * hour) {
      expect(await findStaffSession(t.database.db, token, new Date(start.getTime() + at))).not.toBeNull();
    }
    expect(await findStaffSession(t.database.db, token, new Date(start.getTime() + SESSION_LIFETIME_MS))).toBeNull();
  });
});

describe('sessions end on a password change, role change and disabling', () => {
  it('a password change ends every other session and renews this one', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    const here = sessionHeaders(await signIn({ email: member.email, password: member.password }));
    const elsewhere = sessionHeaders(await signIn({ email: member.email, password: member.password }));
    const newPassword = 'another-Long-passphrase-55';

    const wrong = await t.request('PUT', '/api/admin/account/password', { headers: here, body: { currentPassword: 'not-it-at-all-x', newPassword } });
    expect(wrong.status).toBe(400);
    expect(ErrorResponseSchema.parse(wrong.body).message).toMatch(/currentPassword/);
    const common = await t.request('PUT', '/api/admin/account/password', { headers: here, body: { currentPassword: member.password, newPassword: 'password1234' } });
    expect(common.status).toBe(400);
    expect(ErrorResponseSchema.parse(common.body).message).toMatch(/newPassword/);
    const short = await t.request('PUT', '/api/admin/account/password', { headers: here, body: { currentPassword: member.password, newPassword: 'short-one' } });
    expect(short.status).toBe(400);
    expect(ErrorResponseSchema.parse(short.body).message).toMatch(/newPassword.*12/);
    expect((await t.request('GET', '/api/admin/session', { headers: elsewhere })).status).toBe(200);

    const res = await t.request('PUT', '/api/admin/account/password', { headers: here, body: { currentPassword: member.password, newPassword } });
    expect(res.status).toBe(204);
    expect((await t.request('GET', '/api/admin/session', { headers: elsewhere })).status).toBe(401);
    expect((await t.request('GET', '/api/admin/session', { headers: here })).status).toBe(401);
    const renewed = sessionHeaders(res);
    expect((await t.request('GET', '/api/admin/session', { headers: renewed })).status).toBe(200);
    expect(await sessionCount(member.id)).toBe(1);

    expect((await signIn({ email: member.email, password: member.password })).status).toBe(401);
    expect((await signIn({ email: member.email, password: newPassword })).status).toBe(200);
  });

  it('a role change ends the member’s sessions; a name change does not', async () => {
    const owner = await createTestStaff(t.database.db, 'owner');
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    const headers = sessionHeaders(await signIn({ email: member.email, password: member.password }));
    expect((await t.request('PATCH', `/api/admin/staff/${member.id}`, { headers: owner.headers, body: { name: 'Renamed Member' } })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/session', { headers })).status).toBe(200);
    expect((await t.request('PATCH', `/api/admin/staff/${member.id}`, { headers: owner.headers, body: { role: 'support' } })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/session', { headers })).status).toBe(401);
    expect(await sessionCount(member.id)).toBe(0);
  });

  it('disabling ends the member’s sessions', async () => {
    const owner = await createTestStaff(t.database.db, 'owner');
    const member = await createTestStaff(t.database.db, 'support');
    expect((await t.request('GET', '/api/admin/session', { headers: member.headers })).status).toBe(200);
    expect((await t.request('PATCH', `/api/admin/staff/${member.id}`, { headers: owner.headers, body: { disabled: true } })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/session', { headers: member.headers })).status).toBe(401);
    expect(await sessionCount(member.id)).toBe(0);
  });
});
