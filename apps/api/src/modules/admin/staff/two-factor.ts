import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

import type { Executor } from '../../../db/client';
import { shopSettings, staff, staffTotpSteps } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { endAllStaffSessions, REQUIRE_TWO_FACTOR_KEY } from '../session';

/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Dukkan back office';
/** A code of the time step before or after the current one is accepted too (clock drift). */
const TOLERANCE_SECONDS = 30;
/** otplib's default TOTP period, which authenticator apps assume. */
const PERIOD_SECONDS = 30;

export const TWO_FACTOR_CODE_MESSAGE = 'code: the two-factor code is not correct. Enter the 6 digits your authenticator app shows now.';

/** Whether the owner requires two-factor of every staff member. */
export async function isTwoFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, REQUIRE_TWO_FACTOR_KEY));
  return row?.value === true;
}

/** Whether the member's own two-factor is on, and whether the owner requires it of everyone. */
export async function readTwoFactorState(db: Executor, staffId: string): Promise<{ twoFactorEnabled: boolean; twoFactorRequired: boolean }> {
  const [row] = await db.select({ enabledAt: staff.totpEnabledAt }).from(staff).where(eq(staff.id, staffId));
  return { twoFactorEnabled: Boolean(row?.enabledAt), twoFactorRequired: await isTwoFactorRequired(db) };
}

/** Sets whether two-factor is required of every staff member; a change is recorded in the audit log (with `actor`). */
export async function setTwoFactorRequired(db: Executor, required: boolean, actor?: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await isTwoFactorRequired(tx);
    await tx
      .insert(shopSettings)
      .values({ key: REQUIRE_TWO_FACTOR_KEY, value: required })
      // Its time changes only with its value: sessions begun before it are exempt (session.ts).
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: required, updatedAt: sql`now()` }, setWhere: sql`${shopSettings.value} is distinct from excluded.value` });
    if (actor && before !== required) {
      await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', before: { requireTwoFactor: before }, after: { requireTwoFactor: required } });
    }
  });
}

/**
 * Whether `code` is the member's TOTP code now (± one step). With `consume` (sign-in), also not
 * one already used to sign in: the step it matched is recorded, and a code of that step or an
 * earlier one is refused for sign-in from then on. Confirming enrolment and turning two-factor
 * off happen inside a signed-in session and consume nothing, so the code that confirmed
 * enrolment can sign in right after.
 */
export async function acceptTotpCode(db: Executor, staffId: string, secret: string, code: string, { now = new Date(), consume = false }: { now?: Date; consume?: boolean } = {}): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token, epoch, epochTolerance: TOLERANCE_SECONDS }).catch(() => ({ valid: false as const }));
  if (!result.valid) return false;
  // The RFC 6238 time step the code belongs to: the current one moved by the drift it matched at.
  const timeStep = Math.floor(epoch / PERIOD_SECONDS) + result.delta;
  if (!consume) return true;
  // One statement: a step not later than the last one recorded updates nothing and returns no row.
  const rows = await db
    .insert(staffTotpSteps)
    .values({ staffId, lastStep: timeStep })
    .onConflictDoUpdate({ target: staffTotpSteps.staffId, set: { lastStep: timeStep }, setWhere: lt(staffTotpSteps.lastStep, timeStep) })
    .returning({ staffId: staffTotpSteps.staffId });
  return rows.length > 0;
}

/**
 * Starts (or restarts) enrolment: a new secret, stored but not yet in force, as text, as an
 * `otpauth://` URL and as a QR code (an SVG `data:` URL). 409 when two-factor is already on.
 */
export async function startEnrolment(db: Executor, staffId: string): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const secret = generateSecret();
  const rows = await db
    .update(staff)
    .set({ totpSecret: secret, updatedAt: sql`now()` })
    .where(and(eq(staff.id, staffId), isNull(staff.totpEnabledAt)))
    .returning({ email: staff.email });
  const row = rows[0];
  if (!row) throw conflict('Two-factor sign-in is already on for your account. Turn it off first to enrol again.', 'TWO_FACTOR_ALREADY_ENABLED');
  const otpauthUrl = generateURI({ issuer: ISSUER, label: row.email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Confirms enrolment with a code of the new secret: from now on sign-in asks for a code. */
export async function confirmEnrolment(db: Executor, staffId: string, code: string, { now = new Date(), actor }: { now?: Date; actor?: AuditActor } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ secret: staff.totpSecret, enabledAt: staff.totpEnabledAt }).from(staff).where(eq(staff.id, staffId)).for('update');
    if (!row) throw notFound('Staff member not found');
    if (row.enabledAt) throw conflict('Two-factor sign-in is already on for your account.', 'TWO_FACTOR_ALREADY_ENABLED');
    if (!row.secret) throw badRequest('Start two-factor enrolment first (POST /api/admin/account/two-factor).', 'TWO_FACTOR_NOT_STARTED');
    if (!(await acceptTotpCode(tx, staffId, row.secret, code, { now }))) throw badRequest(TWO_FACTOR_CODE_MESSAGE, 'TWO_FACTOR_INVALID', 'code');
    await tx.update(staff).set({ totpEnabledAt: now, updatedAt: sql`now()` }).where(eq(staff.id, staffId));
    if (actor) await recordAudit(tx, actor, { action: 'staff.two-factor', entityType: 'staff', entityId: staffId, before: { twoFactor: false }, after: { twoFactor: true } });
  });
}

/** Turns one's own two-factor off with a current code; refused while the owner requires it. */
export async function disableOwnTwoFactor(db: Executor, staffId: string, code: string, { now = new Date(), actor }: { now?: Date; actor?: AuditActor } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    if (await isTwoFactorRequired(tx)) throw conflict('The owner requires two-factor sign-in for all staff: it cannot be turned off.', 'TWO_FACTOR_REQUIRED_BY_OWNER');
    const [row] = await tx.select({ secret: staff.totpSecret, enabledAt: staff.totpEnabledAt }).from(staff).where(eq(staff.id, staffId)).for('update');
    if (!row) throw notFound('Staff member not found');
    if (!row.enabledAt || !row.secret) throw conflict('Two-factor sign-in is not on for your account.', 'TWO_FACTOR_NOT_ENABLED');
    if (!(await acceptTotpCode(tx, staffId, row.secret, code, { now }))) throw badRequest(TWO_FACTOR_CODE_MESSAGE, 'TWO_FACTOR_INVALID', 'code');
    await tx.update(staff).set({ totpSecret: null, totpEnabledAt: null, updatedAt: sql`now()` }).where(eq(staff.id, staffId));
    await tx.delete(staffTotpSteps).where(eq(staffTotpSteps.staffId, staffId));
    if (actor) await recordAudit(tx, actor, { action: 'staff.two-factor', entityType: 'staff', entityId: staffId, before: { twoFactor: true }, after: { twoFactor: false } });
  });
}

/**
 * The owner clears another member's two-factor (a lost phone): secret and used steps gone, and
 * the member's sessions ended, so whoever holds one signs in again. 404 for an unknown member.
 */
export async function resetTwoFactor(db: Executor, staffId: string, actor?: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [was] = await tx.select({ enabledAt: staff.totpEnabledAt }).from(staff).where(eq(staff.id, staffId)).for('update');
    const rows = await tx
      .update(staff)
      .set({ totpSecret: null, totpEnabledAt: null, updatedAt: sql`now()` })
      .where(eq(staff.id, staffId))
      .returning({ id: staff.id });
    if (rows.length === 0) throw notFound('Staff member not found', 'STAFF_NOT_FOUND');
    await tx.delete(staffTotpSteps).where(eq(staffTotpSteps.staffId, staffId));
    await endAllStaffSessions(tx, staffId);
    if (actor) {
      await recordAudit(tx, actor, { action: 'staff.two-factor', entityType: 'staff', entityId: staffId, before: { twoFactor: Boolean(was?.enabledAt) }, after: { twoFactor: false, reset: true } });
    }
  });
}
