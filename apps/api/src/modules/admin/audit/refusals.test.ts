import { randomBytes } from 'node:crypto';

import { AuditListResponseSchema, type AuditEntry } from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { and, count, gt, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { auditLog } from '../../../db/schema';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';
import { insertStaffWithPassword } from '../staff/test-support';

import { recordRefusal, REFUSALS_PER_MINUTE, typedEmailForAudit } from './refusal';

// Issue #32: the audit log keeps no secret typed by mistake, and keeps the refusals — a sign-in
// refused with 429, a request refused with 403 ROLE_FORBIDDEN — without a flood filling it.
const t = useTestApp();

let owner: TestStaff;
let catalog: TestStaff;

beforeAll(async () => {
  owner = await createTestStaff(t.database.db, 'owner');
  catalog = await createTestStaff(t.database.db, 'catalog');
});

const signIn = (email: string, password: string, remoteAddress = '198.51.100.7') => t.request('POST', '/api/admin/session', { body: { email, password }, remoteAddress });

/** Every record of an action, oldest first, read from the table itself. */
async function recordsOf(action: string): Promise<(typeof auditLog.$inferSelect)[]> {
  return t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action}`)
    .orderBy(auditLog.id);
}

describe('what a failed staff sign-in leaves in the audit log', () => {
  it('keeps an email typed at a failed sign-in only when it is an address: a password in the email field is not kept, nor a hash of it', async () => {
    const typed = `Tr0ub4dor&3-${randomBytes(4).toString('hex')}`;
    const res = await signIn(typed, 'whatever-it-is-1', '203.0.113.40');
    expect(res.status).toBe(401);
    expect(ErrorResponseSchema.parse(res.body).code).toBe('INVALID_CREDENTIALS');

    const [record] = (await recordsOf('staff.sign-in-failed')).filter((r) => r.address === '203.0.113.40');
    expect(record).toMatchObject({ actorId: null, actorEmail: '', actorRole: null, after: { reason: 'unknown-email', typed: 'not-an-email' } });
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain(typed);
    expect(everything.toLowerCase()).not.toContain(typed.toLowerCase());

    // The owner's screen reads it as an unknown actor, the reason beside it.
    const page = AuditListResponseSchema.parse((await t.request('GET', '/api/admin/audit?pageSize=100', { headers: owner.headers })).body);
    expect(page.data.find((entry: AuditEntry) => entry.address === '203.0.113.40')).toMatchObject({ actor: { _id: null, email: '', role: null }, after: { typed: 'not-an-email' } });
  });

  it('keeps a well-formed unknown email as typed, lower-cased', () => {
    expect(typedEmailForAudit(' Nobody@Example.COM ')).toEqual({ email: 'nobody@example.com' });
    for (const notAnAddress of ['hunter2', 'pass word@x.io', '=1+1@x.io', `${'a'.repeat(250)}@x.io`, '']) {
      expect(typedEmailForAudit(notAnAddress), notAnAddress).toEqual({ email: '', typed: 'not-an-email' });
    }
  });

  it('answers a disabled member with the right password exactly as a wrong password, and records the difference', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    expect((await t.request('PATCH', `/api/admin/staff/${member.id}`, { headers: owner.headers, body: { disabled: true } })).status).toBe(200);
    const right = await signIn(member.email, member.password, '203.0.113.41');
    const wrong = await signIn(member.email, 'not-the-password-at-all', '203.0.113.41');
    expect(right.status).toBe(401);
    expect(right.body).toEqual(wrong.body);
    expect(ErrorResponseSchema.parse(right.body)).toEqual({ message: 'Wrong email or password.', code: 'INVALID_CREDENTIALS' });
    expect(right.headers['set-cookie']).toBeUndefined();
    const mine = (await recordsOf('staff.sign-in-failed')).filter((r) => r.actorId === member.id);
    expect(mine.map((r) => r.after)).toEqual([{ reason: 'disabled' }, { reason: 'wrong-password' }]);
  });
});

describe('refusals in the audit log', () => {
  it('records a sign-in refused with 429 once a minute per email and address, with no password', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    for (let i = 0; i < 10; i++) expect((await signIn(member.email, `wrong-password-${i}`, '203.0.113.50')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await signIn(member.email, member.password, '203.0.113.50')).status).toBe(429);
    // Another address is refused too (the email is over its limit) and recorded apart.
    expect((await signIn(member.email, member.password, '203.0.113.51')).status).toBe(429);

    const limited = (await recordsOf('staff.sign-in-limited')).filter((r) => r.actorEmail === member.email);
    expect(limited.map((r) => [r.address, r.after])).toEqual([
      ['203.0.113.50', { reason: 'too-many-failures' }],
      ['203.0.113.51', { reason: 'too-many-failures' }],
    ]);
    expect(limited[0]).toMatchObject({ actorId: null, actorRole: null, entityType: 'staff' });
    expect(JSON.stringify(limited)).not.toContain(member.password);
  });

  it('records a 429 for a password typed as the email without keeping it', async () => {
    const typed = `S3cret-pass-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 10; i++) expect((await signIn(typed, 'x-wrong-password', '203.0.113.52')).status).toBe(401);
    expect((await signIn(typed, 'x-wrong-password', '203.0.113.52')).status).toBe(429);
    const limited = (await recordsOf('staff.sign-in-limited')).filter((r) => r.address === '203.0.113.52');
    expect(limited.map((r) => [r.actorEmail, r.after])).toEqual([['', { reason: 'too-many-failures', typed: 'not-an-email' }]]);
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(typed);
  });

  it('records a request refused with 403 ROLE_FORBIDDEN: who, what, when, from where — once a minute per route', async () => {
    const before = Date.now();
    for (let i = 0; i < 4; i++) {
      const res = await t.request('GET', '/api/admin/audit?pageSize=5', { headers: catalog.headers, remoteAddress: '203.0.113.60' });
      expect(res.status).toBe(403);
      expect(ErrorResponseSchema.parse(res.body).code).toBe('ROLE_FORBIDDEN');
    }
    const refusedStaffPage = await t.request('GET', '/api/admin/staff', { headers: catalog.headers, remoteAddress: '203.0.113.60' });
    expect(refusedStaffPage.status).toBe(403);

    const forbidden = (await recordsOf('staff.forbidden')).filter((r) => r.actorId === catalog.id);
    expect(forbidden.map((r) => [r.actorEmail, r.actorRole, r.address, r.after])).toEqual([
      [catalog.email, 'catalog', '203.0.113.60', { method: 'GET', route: '/api/admin/audit' }],
      [catalog.email, 'catalog', '203.0.113.60', { method: 'GET', route: '/api/admin/staff' }],
    ]);
    expect(forbidden[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The owner reads it in the log, by the member's id.
    const page = AuditListResponseSchema.parse((await t.request('GET', `/api/admin/audit?actor=${catalog.id}`, { headers: owner.headers })).body);
    expect(page.data.map((entry) => entry.action)).toContain('staff.forbidden');
  });

  it(`keeps at most ${REFUSALS_PER_MINUTE} refusals a minute across the shop, whoever is refused`, async () => {
    const recent = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(inArray(auditLog.action, ['staff.sign-in-limited', 'staff.forbidden']), gt(auditLog.at, sql`now() - interval '1 minute'`)))
      )[0]?.n ?? 0;
    const already = await recent();
    const kept: boolean[] = [];
    for (let i = 0; i < REFUSALS_PER_MINUTE + 5; i++) {
      kept.push(await recordRefusal(t.database.db, { id: null, email: `flood-${i}@example.com`, role: null, address: `192.0.2.${i % 250}` }, { action: 'staff.sign-in-limited', after: { reason: 'too-many-failures' } }));
    }
    expect(kept.filter(Boolean)).toHaveLength(REFUSALS_PER_MINUTE - already);
    expect(await recent()).toBe(REFUSALS_PER_MINUTE);
  });
});
