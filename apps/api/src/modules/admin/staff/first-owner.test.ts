import { SetupInfoResponseSchema, StaffSessionResponseSchema } from '@dukkan/contracts/admin-staff';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../../app';
import { loadConfig } from '../../../config/env';
import { staff } from '../../../db/schema';
import { createTestApp, testConfig, type TestApp } from '../../../test/test-app';
import { verifyPassword } from '../../users/passwords';

import { ensureFirstOwner, type SetupLog } from './setup';
import { sessionHeaders, STAFF_PASSWORD } from './test-support';

const OWNER_EMAIL = 'first.owner@shop.test';
const OWNER_PASSWORD = 'first-Owner-passphrase-31';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
async function start(env: Record<string, string> = {}): Promise<TestApp> {
  const app = await createTestApp({ env });
  apps.push(app);
  return app;
}

function captureLog(): SetupLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => void lines.push(m), warn: (m) => void lines.push(m), error: (m) => void lines.push(m) };
}

const SETUP_LINK = /(https?:\/\/[^\s]+)\/admin\/setup\?token=([\w%-]+)/;

describe('OWNER_EMAIL and OWNER_PASSWORD', () => {
  it('go together, the email checked and lower-cased, the password at least 12 characters', () => {
    expect(loadConfig({ OWNER_EMAIL: ' Boss@Shop.TEST ', OWNER_PASSWORD: OWNER_PASSWORD }).firstOwner).toEqual({ email: 'boss@shop.test', password: OWNER_PASSWORD });
    expect(loadConfig({}).firstOwner).toBeUndefined();
    expect(() => loadConfig({ OWNER_EMAIL: 'boss@shop.test' })).toThrow(/OWNER_PASSWORD: OWNER_EMAIL and OWNER_PASSWORD go together/);
    expect(() => loadConfig({ OWNER_PASSWORD })).toThrow(/OWNER_EMAIL: OWNER_EMAIL and OWNER_PASSWORD go together/);
    expect(() => loadConfig({ OWNER_EMAIL: 'boss', OWNER_PASSWORD })).toThrow(/OWNER_EMAIL must be an email address/);
    expect(() => loadConfig({ OWNER_EMAIL: 'boss@shop.test', OWNER_PASSWORD: 'short' })).toThrow(/OWNER_PASSWORD must be at least 12 characters/);
  });
});

describe('the first owner from OWNER_EMAIL and OWNER_PASSWORD', () => {
  it('is created at a start with no staff, signs in, and is never changed by a later start', async () => {
    const t = await start({ OWNER_EMAIL: ` ${OWNER_EMAIL.toUpperCase()}`, OWNER_PASSWORD });
    const owners = await t.database.db.select().from(staff);
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ email: OWNER_EMAIL, role: 'owner', disabled: false });
    const signIn = await t.request('POST', '/api/admin/session', { body: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
    expect(signIn.status).toBe(200);
    expect(StaffSessionResponseSchema.parse(signIn.body).data.staff.role).toBe('owner');
    expect(t.logs.join('\n')).not.toContain(OWNER_EMAIL);
    expect(t.logs.join('\n')).not.toMatch(SETUP_LINK);

    // A second start with other values (or a second process): the existing owner stays as it is.
    const hashBefore = owners[0]!.passwordHash;
    const again = await buildApp({ config: testConfig({ OWNER_EMAIL: 'someone.else@shop.test', OWNER_PASSWORD: 'another-Owner-passphrase-77' }), db: t.database.db, logStream: { write: () => undefined } });
    await again.ready();
    await again.close();
    const after = await t.database.db.select().from(staff);
    expect(after).toHaveLength(1);
    expect(after[0]?.passwordHash).toBe(hashBefore);
    expect(await verifyPassword(after[0]!.passwordHash!, OWNER_PASSWORD)).toBe(true);
  });

  it('two processes starting together make one owner', async () => {
    const t = await start();
    // The app's start logged a link (no env); staff is still empty.
    expect(await t.database.db.select().from(staff)).toEqual([]);
    const firstOwner = { email: OWNER_EMAIL, password: OWNER_PASSWORD };
    const outcomes = await Promise.all([1, 2, 3].map(() => ensureFirstOwner(t.database.db, { firstOwner, publicUrl: 'http://x', log: captureLog() })));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(await t.database.db.select().from(staff)).toHaveLength(1);
  });

  it('refuses a common OWNER_PASSWORD and logs a setup link instead', async () => {
    const t = await start();
    const log = captureLog();
    expect(await ensureFirstOwner(t.database.db, { firstOwner: { email: OWNER_EMAIL, password: 'password12345' }, publicUrl: 'http://x', log })).toBe('link');
    expect(log.lines.join('\n')).toMatch(/OWNER_PASSWORD is one of the most common/);
    expect(await t.database.db.select().from(staff)).toEqual([]);
  });
});

describe('the first-owner setup link', () => {
  it('is logged at a start with no staff and creates the owner once', async () => {
    const t = await start({ PUBLIC_URL: 'https://shop.example.com' });
    const line = t.logs.find((l) => SETUP_LINK.test(l));
    expect(line).toBeDefined();
    const [, base, rawToken] = SETUP_LINK.exec(line!)!;
    expect(base).toBe('https://shop.example.com');
    const token = decodeURIComponent(rawToken!);

    const info = await t.request('GET', `/api/admin/setup?token=${encodeURIComponent(token)}`);
    expect(info.status).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(SetupInfoResponseSchema.parse(info.body).data).toEqual({ kind: 'first-owner' });
    expect((await t.request('GET', '/api/admin/setup?token=not-a-real-token')).status).toBe(404);

    const noEmail = await t.request('POST', '/api/admin/setup', { body: { token, name: 'Shop Owner', password: STAFF_PASSWORD } });
    expect(noEmail.status).toBe(400);
    expect(ErrorResponseSchema.parse(noEmail.body).message).toMatch(/email/);
    const short = await t.request('POST', '/api/admin/setup', { body: { token, email: OWNER_EMAIL, name: 'Shop Owner', password: 'too-short' } });
    expect(short.status).toBe(400);
    expect(await t.database.db.select().from(staff)).toEqual([]);

    const done = await t.request('POST', '/api/admin/setup', { body: { token, email: OWNER_EMAIL, name: 'Shop Owner', password: STAFF_PASSWORD } });
    expect(done.status).toBe(201);
    const created = StaffSessionResponseSchema.parse(done.body).data.staff;
    expect(created).toMatchObject({ email: OWNER_EMAIL, name: 'Shop Owner', role: 'owner' });
    expect((await t.request('GET', '/api/admin/staff', { headers: sessionHeaders(done) })).status).toBe(200);

    // Once: the link is spent, and no second owner can be made with it.
    expect((await t.request('GET', `/api/admin/setup?token=${encodeURIComponent(token)}`)).status).toBe(410);
    const twice = await t.request('POST', '/api/admin/setup', { body: { token, email: 'second@shop.test', name: 'Second', password: STAFF_PASSWORD } });
    expect(twice.status).toBe(410);
    expect(await t.database.db.select().from(staff)).toHaveLength(1);
    expect(t.logs.join('\n')).not.toContain(OWNER_EMAIL);

    // A later start logs no link: the shop has its owner.
    const log = captureLog();
    expect(await ensureFirstOwner(t.database.db, { firstOwner: undefined, publicUrl: 'http://x', log })).toBe('exists');
    expect(log.lines).toEqual([]);
  });

  it('works for 24 hours only', async () => {
    const t = await start();
    const log = captureLog();
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    expect(await ensureFirstOwner(t.database.db, { firstOwner: undefined, publicUrl: 'http://x', log, now: dayAndAMinuteAgo })).toBe('link');
    const token = decodeURIComponent(SETUP_LINK.exec(log.lines.join('\n'))![2]!);
    expect((await t.request('GET', `/api/admin/setup?token=${encodeURIComponent(token)}`)).status).toBe(410);
    const res = await t.request('POST', '/api/admin/setup', { body: { token, email: OWNER_EMAIL, name: 'Shop Owner', password: STAFF_PASSWORD } });
    expect(res.status).toBe(410);
    expect(await t.database.db.select().from(staff).where(eq(staff.email, OWNER_EMAIL))).toEqual([]);

    const fresh = captureLog();
    await ensureFirstOwner(t.database.db, { firstOwner: undefined, publicUrl: 'http://x', log: fresh, now: new Date(Date.now() - 23 * 60 * 60 * 1000) });
    const freshToken = decodeURIComponent(SETUP_LINK.exec(fresh.lines.join('\n'))![2]!);
    expect((await t.request('GET', `/api/admin/setup?token=${encodeURIComponent(freshToken)}`)).status).toBe(200);
  });
});
