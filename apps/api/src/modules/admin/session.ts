import { createHash, randomBytes } from 'node:crypto';

import type { StaffRole } from '@dukkan/contracts/admin-staff';
import { and, eq, gt, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client';
import { shopSettings, staff, staffSessions } from '../../db/schema';

/** The HttpOnly session cookie of the back office; sent only to `/api/admin`. */
export const SESSION_COOKIE = 'dukkan_admin';
export const SESSION_COOKIE_PATH = '/api/admin';
/** A session ends this long after its last use ... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ... and this long after sign-in, whichever comes first. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often, so a busy session does not write on every read. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The staff member behind a back-office request. */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The session's XSRF token: writes must send it in `X-XSRF-TOKEN` (and the cookie). */
  xsrfToken: string;
  /** The SHA-256 of the session cookie's token (the session's key). */
  sessionHash: string;
  /**
   * The owner required two-factor before this session began and this member has not enrolled:
   * the session opens only sign-out, one's own account (password included) and two-factor
   * enrolment (decision 0033).
   */
  twoFactorSetupRequired: boolean;
}

/** The `shop_settings` key of "every staff member signs in with a two-factor code". */
export const REQUIRE_TWO_FACTOR_KEY = 'requireTwoFactor';

/** Starts a session for `staffId`: the cookie's token (shown once, stored hashed) and the XSRF token. */
export async function createStaffSession(db: Executor, staffId: string, now = new Date()): Promise<{ token: string; xsrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(staffSessions).values({ tokenHash: hashSessionToken(token), staffId, xsrfToken, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, xsrfToken, expiresAt };
}

/** Who a staff member is, as a session and a sign-in read them. */
export const staffIdentityColumns = { id: staff.id, email: staff.email, name: staff.name, role: staff.role, disabled: staff.disabled };

/**
 * The staff member whose live session `token` opens, or null: unknown, signed out, idle for 12
 * hours, older than 7 days, or a disabled account. Moves the session's `lastSeenAt`.
 */
export async function findStaffSession(db: Executor, token: string, now = new Date()): Promise<StaffPrincipal | null> {
  const tokenHash = hashSessionToken(token);
  const [row] = await db
    .select({
      ...staffIdentityColumns,
      xsrfToken: staffSessions.xsrfToken,
      lastSeenAt: staffSessions.lastSeenAt,
      twoFactorEnabled: sql<boolean>`${staff.totpEnabledAt} is not null`,
      // Required since before this session began: a session that was open when the owner
      // turned the requirement on keeps working until it ends (the owner's own included).
      twoFactorRequired: sql<boolean>`exists (select 1 from ${shopSettings} where ${shopSettings.key} = ${REQUIRE_TWO_FACTOR_KEY} and ${shopSettings.value} = 'true'::jsonb and ${shopSettings.updatedAt} <= ${staffSessions.createdAt})`,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now)));
  if (!row || row.disabled) return null;
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  if (idleMs >= SESSION_IDLE_MS) return null;
  if (idleMs >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    xsrfToken: row.xsrfToken,
    sessionHash: tokenHash,
    twoFactorSetupRequired: row.twoFactorRequired && !row.twoFactorEnabled,
  };
}

/** Ends one session (sign-out). */
export async function endStaffSession(db: Executor, sessionHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, sessionHash));
}

/** Ends every session of a staff member (password, role or two-factor change, disabling). */
export async function endAllStaffSessions(db: Executor, staffId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/**
 * Deletes sessions past their end, all or one member's (at start and at each sign-in; a lapsed
 * row already opens nothing). Answers how many.
 */
export async function deleteLapsedStaffSessions(db: Executor, now = new Date(), staffId?: string): Promise<number> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const lapsed = sql`(${staffSessions.expiresAt} <= ${now} or ${staffSessions.lastSeenAt} <= ${idleSince})`;
  const rows = await db
    .delete(staffSessions)
    .where(staffId === undefined ? lapsed : and(eq(staffSessions.staffId, staffId), lapsed))
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length;
}
