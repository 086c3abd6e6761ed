import { randomBytes } from 'node:crypto';

import { StaffPasswordResetResponseSchema } from '@dukkan/contracts/admin-staff';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog, outbox, staff, staffSessions, staffTokens } from '../../../db/schema';
import { useTestApp } from '../../../test/test-app';

import { insertStaffWithPassword, sessionHeaders, staffRow, STAFF_PASSWORD } from './test-support';

const t = useTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });
const errorOf = (res: { body: unknown }) => ErrorResponseSchema.parse(res.body);
const NEW_PASSWORD = 'a-Fresh-staff-passphrase-71';

const ask = (email: string, remoteAddress = '198.51.100.7', lng?: 'en' | 'ar') =>
  t.request('POST', `/api/admin/session/password-reset${lng ? `?lng=${lng}` : ''}`, { body: { email }, remoteAddress });
const confirm = (token: string, password: string) => t.request('POST', '/api/admin/session/password-reset/confirm', { body: { token, password } });

async function resetMails(email: string) {
  // Oldest first: the worker's updates of sent rows move them on the server's heap.
  return t.database.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.kind, 'staff-password-reset'))).orderBy(asc(outbox.createdAt));
}

/** The token of the latest reset link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mails = await resetMails(email);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no reset mail to ${email}`);
  const link = /https:\/\/shop\.example\.com\/admin\/reset-password\?token=([\w%-]+)/.exec(mail.textBody);
  if (!link?.[1]) throw new Error('no link in the mail');
  expect(mail.htmlBody).toContain(link[0]);
  return decodeURIComponent(link[1]);
}

const signIn = (email: string, password: string) => t.request('POST', '/api/admin/session', { body: { email, password } });

describe('staff password reset by mail', () => {
  it('mails a one-hour link that sets a new password once, ends every session and is audited', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    const first = await signIn(member.email, member.password);
    const second = await signIn(member.email, member.password);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);

    const asked = await ask(member.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(StaffPasswordResetResponseSchema.parse(asked.body).message).toMatch(/link/);
    const mails = await resetMails(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Choose a new password for the Dukkan back office');
    const token = await mailedToken(member.email);
    const [stored] = await t.database.db.select().from(staffTokens).where(eq(staffTokens.staffId, member.id));
    expect(stored).toMatchObject({ kind: 'password-reset', usedAt: null });
    // Stored hashed, valid for an hour.
    expect(stored!.tokenHash).not.toContain(token);
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.98);
    expect(hours).toBeLessThan(1.02);
    // Not a setup link.
    expect((await t.request('GET', `/api/admin/setup?token=${encodeURIComponent(token)}`)).status).toBe(404);

    const short = await confirm(token, 'short-one');
    expect(short.status).toBe(400);
    expect(errorOf(short).message).toMatch(/^password/);
    const common = await confirm(token, 'password12345');
    expect(common.status).toBe(400);
    expect(errorOf(common).message).toMatch(/^password: /);
    expect(errorOf(common).code).toBe('COMMON_PASSWORD');
    expect(errorOf(common).field).toBe('password');
    // Refused passwords used nothing up: the sessions live on.
    expect((await t.request('GET', '/api/admin/session', { headers: sessionHeaders(first) })).status).toBe(200);

    const done = await confirm(token, NEW_PASSWORD);
    expect(done.status).toBe(204);
    for (const session of [first, second]) expect((await t.request('GET', '/api/admin/session', { headers: sessionHeaders(session) })).status).toBe(401);
    expect(await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id))).toEqual([]);
    expect((await staffRow(t.database.db, member.id))?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, NEW_PASSWORD)).status).toBe(200);

    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, member.id), eq(auditLog.action, 'staff.password')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: member.id, actorEmail: member.email, actorRole: 'catalog', entityType: 'staff', after: { via: 'reset-link' } });
    expect(JSON.stringify(audit[0])).not.toContain(NEW_PASSWORD);

    // Once only.
    const again = await confirm(token, 'yet-another-Long-passphrase-3');
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'INVALID_RESET_LINK' });
    expect(errorOf(again).message).toMatch(/expired or was used/);
    expect((await signIn(member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown email, and an invited member without a password, the same 202 and mails nothing', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    const known = await ask(member.email);
    const unknownEmail = `nobody-${randomBytes(4).toString('hex')}@staff.test`;
    const unknown = await ask(unknownEmail);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, unknownEmail))).toEqual([]);

    const [invited] = await t.database.db
      .insert(staff)
      .values({ email: `invited-${randomBytes(4).toString('hex')}@staff.test`, name: 'Invited', role: 'support' })
      .returning({ id: staff.id, email: staff.email });
    const asInvited = await ask(invited!.email);
    expect(asInvited.status).toBe(202);
    expect(asInvited.body).toEqual(known.body);
    expect(await resetMails(invited!.email)).toEqual([]);
    expect(await t.database.db.select().from(staffTokens).where(eq(staffTokens.staffId, invited!.id))).toEqual([]);
  });

  it('refuses an expired link, an unknown one, and an older link once a newer one is mailed', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'owner');
    await ask(member.email);
    const older = await mailedToken(member.email);
    await ask(member.email);
    const newer = await mailedToken(member.email);
    expect(newer).not.toBe(older);

    const stale = await confirm(older, NEW_PASSWORD);
    expect(stale.status).toBe(400);
    expect(errorOf(stale).code).toBe('INVALID_RESET_LINK');
    const unknown = await confirm('not-a-token-we-made', NEW_PASSWORD);
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).code).toBe('INVALID_RESET_LINK');

    // An hour has passed.
    await t.database.db.update(staffTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(staffTokens.staffId, member.id));
    const expired = await confirm(newer, NEW_PASSWORD);
    expect(expired.status).toBe(400);
    expect(errorOf(expired).code).toBe('INVALID_RESET_LINK');
    expect((await signIn(member.email, member.password)).status).toBe(200);
    expect((await signIn(member.email, NEW_PASSWORD)).status).toBe(401);
  });

  it('mails a disabled member nothing, and a link mailed before disabling opens nothing', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    await ask(member.email);
    const token = await mailedToken(member.email);
    await t.database.db.update(staff).set({ disabled: true }).where(eq(staff.id, member.id));

    const asked = await ask(member.email);
    expect(asked.status).toBe(202);
    expect(await resetMails(member.email)).toHaveLength(1);

    const res = await confirm(token, NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('INVALID_RESET_LINK');
    const row = await staffRow(t.database.db, member.id);
    expect(row?.passwordHash).toBeTruthy();
    await t.database.db.update(staff).set({ disabled: false }).where(eq(staff.id, member.id));
    expect((await signIn(member.email, member.password)).status).toBe(200);
  });

  it('mails in the language of the page that asked', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    expect((await ask(member.email, undefined, 'ar')).status).toBe(202);
    const [mail] = await resetMails(member.email);
    expect(mail!.subject).toBe('اختر كلمة مرور جديدة للوحة إدارة دكّان');
    expect(mail!.htmlBody).toContain('dir="rtl"');
  });

  it('limits requests like failed sign-ins: the 11th for one email in 15 minutes is 429, whatever the address', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    for (let i = 0; i < 10; i += 1) expect((await ask(member.email, `203.0.113.${i}`)).status).toBe(202);
    const blocked = await ask(member.email, '203.0.113.10');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await resetMails(member.email)).toHaveLength(10);
    // The limit is the reset's own: sign-in still works.
    expect((await signIn(member.email, STAFF_PASSWORD)).status).toBe(200);
  });

  it('needs no session and no XSRF header (there is no session to forge yet)', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'owner');
    const res = await t.request('POST', '/api/admin/session/password-reset', { body: { email: member.email }, headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(res.status).toBe(202);
    const bad = await t.request('POST', '/api/admin/session/password-reset', { body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toMatch(/email/);
  });

  it('stores reset tokens only with their member (migration 0015’s checks)', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    const row = (kind: 'first-owner' | 'invite' | 'password-reset', staffId: string | null) => ({
      tokenHash: randomBytes(16).toString('hex'),
      kind,
      staffId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await expect(t.database.db.insert(staffTokens).values(row('password-reset', null))).rejects.toThrow();
    await expect(t.database.db.insert(staffTokens).values(row('first-owner', member.id))).rejects.toThrow();
    await expect(t.database.db.insert(staffTokens).values(row('invite', null))).rejects.toThrow();
    await t.database.db.insert(staffTokens).values(row('password-reset', member.id));
    await expect(t.database.db.execute(sql`insert into staff_tokens (token_hash, kind, expires_at) values ('x', 'magic', now())`)).rejects.toThrow();
  });
});
