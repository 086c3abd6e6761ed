import { STAFF_PASSWORD_RESET_MINUTES } from '@dukkan/contracts/admin-staff';
import type { Language } from '@dukkan/contracts/common';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { staff, staffTokens } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { limitResetRequests, type FailureLimiter } from '../../../lib/failure-limiter';
import { enqueueMail } from '../../../mail/outbox';
import { hashPassword } from '../../users/passwords';
import { recordAudit } from '../audit/record';
import { endAllStaffSessions } from '../session';

import { assertUncommonPassword, hashSetupToken, newSetupToken } from './accounts';
import { staffPasswordResetMessage } from './password-reset-message';

/** How long a reset link works. */
export const STAFF_RESET_TTL_MS = STAFF_PASSWORD_RESET_MINUTES * 60 * 1000;

/** The 202's words: the same for every email, so the form tells nobody which addresses are staff. */
export const RESET_REQUESTED_MESSAGE = 'If this email belongs to an active staff account, a link to choose a new password is on its way. It works for 1 hour.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is not valid: it is unknown, has expired or was used already. Ask for a new one.';

/** The back office's page of a reset link. */
export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/reset-password?token=${encodeURIComponent(token)}`;
}

export interface StaffResetRequestContext {
  /** The staff limiter (`dukkan:staff-fail`): every request counts, under keys of its own. */
  limiter: FailureLimiter;
  clientAddress: string;
  /** The mail's language: the page's the request came from. */
  lng: Language;
  /** The shop's address the link starts with (`PUBLIC_URL`), never the request's Host header. */
  publicUrl: string;
  now?: Date;
}

/**
 * A staff member forgot the password: for the email of an active member who has one, a random
 * single-use token valid 1 hour is stored (hashed; the member's earlier reset links stop working)
 * and the link is mailed through the outbox in the same transaction. An unknown email, a disabled
 * member's, or an invited member's who has not chosen a password yet (the owner sends the
 * invitation again) gets the same answer and no mail. Every request counts against the email
 * and the client's address, like failed sign-ins (10 and 100 in 15 minutes, keys of their own):
 * over the limit 429. Returns whether a mail was queued: wake the outbox then.
 */
export async function requestStaffPasswordReset(db: Database, email: string, { limiter, clientAddress, lng, publicUrl, now = new Date() }: StaffResetRequestContext): Promise<boolean> {
  await limitResetRequests(limiter, email, clientAddress);

  const [member] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name })
    .from(staff)
    .where(and(eq(staff.email, email), eq(staff.disabled, false), isNotNull(staff.passwordHash)));
  if (!member) return false;

  await db.transaction(async (tx) => {
    await tx.delete(staffTokens).where(and(eq(staffTokens.staffId, member.id), eq(staffTokens.kind, 'password-reset')));
    const token = newSetupToken();
    await tx.insert(staffTokens).values({ tokenHash: hashSetupToken(token), kind: 'password-reset', staffId: member.id, expiresAt: new Date(now.getTime() + STAFF_RESET_TTL_MS) });
    await enqueueMail(tx, 'staff-password-reset', staffPasswordResetMessage({ to: member.email, name: member.name, link: resetPasswordLink(publicUrl, token), lng }));
  });
  return true;
}

/**
 * Sets a new password with a reset link's token, in one transaction under the link's row lock
 * (a link used twice at once works once): the link must be a password reset's, unused and
 * unexpired, of a member still active. The link is used up, the password set (argon2id), every
 * session of the member ends, and the audit log records it. A common password is a 400 naming
 * `password`; a bad, expired or used link a 400 `INVALID_RESET_LINK`; nothing changes then.
 * Two-factor, when on, stays on: the mail opens the password, not the second step.
 */
export async function confirmStaffPasswordReset(
  db: Database,
  { token, password }: { token: string; password: string },
  { address, now = new Date() }: { address: string; now?: Date },
): Promise<void> {
  assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  const invalid = () => badRequest(INVALID_RESET_LINK_MESSAGE, 'INVALID_RESET_LINK');
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ staffId: staffTokens.staffId, expiresAt: staffTokens.expiresAt })
      .from(staffTokens)
      .where(and(eq(staffTokens.tokenHash, hashSetupToken(token)), eq(staffTokens.kind, 'password-reset'), isNull(staffTokens.usedAt)))
      .for('update');
    if (!link?.staffId || link.expiresAt.getTime() <= now.getTime()) throw invalid();
    const [member] = await tx
      .select({ id: staff.id, email: staff.email, role: staff.role, disabled: staff.disabled })
      .from(staff)
      .where(eq(staff.id, link.staffId))
      .for('update');
    // A link mailed before the owner disabled the member opens nothing.
    if (!member || member.disabled) throw invalid();
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.staffId, member.id), eq(staffTokens.kind, 'password-reset'), isNull(staffTokens.usedAt)));
    await tx.update(staff).set({ passwordHash, updatedAt: sql`now()` }).where(eq(staff.id, member.id));
    await endAllStaffSessions(tx, member.id);
    // Never the password or its hash: that it changed through the mailed link, and from where.
    await recordAudit(tx, { id: member.id, email: member.email, role: member.role, address }, { action: 'staff.password', entityType: 'staff', entityId: member.id, after: { via: 'reset-link' } });
  });
}
