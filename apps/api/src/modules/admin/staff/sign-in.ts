import { TWO_FACTOR_INVALID, TWO_FACTOR_REQUIRED, type Staff } from '@dukkan/contracts/admin-staff';
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { staff } from '../../../db/schema';
import { badRequest, tooManyRequests, unauthorized } from '../../../lib/errors';
import type { FailureLimiter } from '../../../lib/failure-limiter';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../users/passwords';
import { recordAudit, type AuditActor } from '../audit/record';
import { recordRefusal, typedEmailForAudit } from '../audit/refusal';
import { createStaffSession, deleteLapsedStaffSessions, endAllStaffSessions, endStaffSession, staffIdentityColumns, type StaffPrincipal } from '../session';

import { assertUncommonPassword } from './accounts';
import { acceptTotpCode, isTwoFactorRequired } from './two-factor';

export const INVALID_CREDENTIALS_MESSAGE = 'Wrong email or password.';
export const CODE_REQUIRED_MESSAGE = 'Enter the 6-digit code your authenticator app shows.';
export const CODE_INVALID_MESSAGE = 'The two-factor code is not correct. Enter the code your authenticator app shows now.';

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** A new session: the cookie's token and the XSRF token, to be set as cookies. */
export interface NewStaffSession {
  token: string;
  xsrfToken: string;
  expiresAt: Date;
}

export interface StaffSignInResult {
  staff: Staff;
  /** The owner requires two-factor and this member has not enrolled: the session opens only enrolment. */
  twoFactorSetupRequired: boolean;
  session: NewStaffSession;
}

export interface StaffSignInContext {
  /** Failed staff sign-ins per email tried and per client address (`dukkan:staff-fail`). */
  limiter: FailureLimiter;
  clientAddress: string;
  now?: Date;
  /** Told of each failure the limiter counts (`dukkan_signin_failures_total{who="staff"}`). */
  onFailure?: () => void;
}

/**
 * Staff sign-in: the email and password, then, when the member has two-factor on, a current
 * code. A wrong email or password, and a disabled member's right one, get one answer (401
 * `INVALID_CREDENTIALS`, the same time spent for an unknown email): a guesser never learns that
 * a password was right (issue #32). Those and a wrong code count as failures against the email
 * tried and the client address; a missing code does not (it is the sign-in's second step), nor
 * does a success. Over the limit: 429 with the wait, before the password is checked. The audit
 * log records a success ('staff.sign-in'), each failure but the missing code
 * ('staff.sign-in-failed' with its reason — `disabled` among them; an unknown email with no id,
 * and the email typed only when it is an address) and the 429 ('staff.sign-in-limited', through
 * `recordRefusal`'s rate limit).
 */
export async function signInStaff(
  db: Database,
  { email, password, code }: { email: string; password: string; code?: string | null },
  { limiter, clientAddress, now = new Date(), onFailure }: StaffSignInContext,
): Promise<StaffSignInResult> {
  const keys = { email, address: clientAddress };
  const typed = typedEmailForAudit(email);
  const wait = await limiter.retryAfterSeconds(keys);
  if (wait > 0) {
    await recordRefusal(db, { id: null, email: typed.email, role: null, address: clientAddress }, { action: 'staff.sign-in-limited', entityType: 'staff', after: { reason: 'too-many-failures', ...(typed.typed ? { typed: typed.typed } : {}) } });
    throw tooManyRequests(retryMessage(wait), wait);
  }

  const [row] = await db
    .select({
      ...staffIdentityColumns,
      passwordHash: staff.passwordHash,
      totpSecret: staff.totpSecret,
      totpEnabledAt: staff.totpEnabledAt,
    })
    .from(staff)
    .where(eq(staff.email, email));
  // An invited member without a password yet cannot sign in: like an unknown email.
  const valid = row?.passwordHash ? await verifyPassword(row.passwordHash, password) : await verifyAgainstDummy(password);
  // Who tried, for the audit log: the member, or (an unknown email) what was typed if it is an address, with no id.
  const actor: AuditActor = row ? { id: row.id, email: row.email, role: row.role, address: clientAddress } : { id: null, email: typed.email, role: null, address: clientAddress };
  const failed = (reason: 'unknown-email' | 'wrong-password' | 'disabled' | 'wrong-code') =>
    recordAudit(db, actor, { action: 'staff.sign-in-failed', entityType: 'staff', ...(row ? { entityId: row.id } : {}), after: { reason, ...(!row && typed.typed ? { typed: typed.typed } : {}) } });
  if (!row || !valid || row.disabled) {
    await limiter.recordFailure(keys);
    onFailure?.();
    await failed(!row ? 'unknown-email' : !valid ? 'wrong-password' : 'disabled');
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
  }

  if (row.totpEnabledAt && row.totpSecret) {
    if (code === undefined || code === null || code.trim() === '') throw unauthorized(CODE_REQUIRED_MESSAGE, TWO_FACTOR_REQUIRED);
    if (!(await acceptTotpCode(db, row.id, row.totpSecret, code, { now, consume: true }))) {
      await limiter.recordFailure(keys);
      onFailure?.();
      await failed('wrong-code');
      throw unauthorized(CODE_INVALID_MESSAGE, TWO_FACTOR_INVALID);
    }
  }
  const twoFactorSetupRequired = !row.totpEnabledAt && (await isTwoFactorRequired(db));
  await deleteLapsedStaffSessions(db, now, row.id);
  const session = await db.transaction(async (tx) => {
    const started = await createStaffSession(tx, row.id, now);
    await recordAudit(tx, actor, { action: 'staff.sign-in', entityType: 'staff', entityId: row.id });
    return started;
  });
  return { staff: { _id: row.id, email: row.email, name: row.name, role: row.role }, twoFactorSetupRequired, session };
}

/** Ends one staff session and records the sign-out in the audit log, in one transaction. */
export async function signOutStaff(db: Database, sessionHash: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    await endStaffSession(tx, sessionHash);
    await recordAudit(tx, actor, { action: 'staff.sign-out', entityType: 'staff', ...(actor.id ? { entityId: actor.id } : {}) });
  });
}

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'currentPassword: your current password is not correct.';

/**
 * Changes one's own password with the current one: every session of the member ends (others
 * signed in elsewhere included) and a fresh session replaces the current one, in one
 * transaction. A wrong current password is a 400 and counts as a failed sign-in; over the limit
 * 429. A common new password is a 400 naming `newPassword`.
 */
export async function changeOwnPassword(
  db: Database,
  principal: StaffPrincipal,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  { limiter, clientAddress, now = new Date() }: StaffSignInContext,
): Promise<NewStaffSession> {
  const keys = { email: principal.email, address: clientAddress };
  const wait = await limiter.retryAfterSeconds(keys);
  if (wait > 0) throw tooManyRequests(retryMessage(wait), wait);
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, principal.id));
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, currentPassword))) {
    await limiter.recordFailure(keys);
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, 'INVALID_CURRENT_PASSWORD', 'currentPassword');
  }
  assertUncommonPassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash, updatedAt: sql`now()` }).where(eq(staff.id, principal.id));
    await endAllStaffSessions(tx, principal.id);
    // Never the password or its hash: that it changed, and who changed it from where.
    await recordAudit(tx, { id: principal.id, email: principal.email, role: principal.role, address: clientAddress }, { action: 'staff.password', entityType: 'staff', entityId: principal.id });
    return createStaffSession(tx, principal.id, now);
  });
}
