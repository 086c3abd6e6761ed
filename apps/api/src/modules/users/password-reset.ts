import { createHash, randomBytes } from 'node:crypto';

import type { Language } from '@dukkan/contracts/common';
import { absoluteUrl, storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { PASSWORD_RESET_MINUTES } from '@dukkan/contracts/users';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

import type { Database, Executor } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { limitResetRequests, type FailureLimiter } from '../../lib/failure-limiter';
import { passwordResetMessage } from '../../mail/messages';
import { enqueueMail, type OutboxWorker } from '../../mail/outbox';

import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords';

export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired. Please ask for a new one.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Please sign in with your new password.';

/** The stored form of a reset token: its SHA-256, so a leaked table opens no account. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResetRequestContext {
  limiter: FailureLimiter;
  clientAddress: string;
  lng: Language;
  /** The shop's address the link starts with (`PUBLIC_URL`), never the request's Host header. */
  publicUrl: string;
  outbox: OutboxWorker;
}

/**
 * Starts a password reset: for an email with an account, a random single-use token valid 30
 * minutes is stored (hashed; the account's older links stop working) and the link is mailed
 * in the same transaction (the outbox). An unknown email, or a disabled account's, gets the same
 * answer and no mail, so the form tells nobody which addresses have accounts. Every request
 * counts against the email and the client's address (as sign-in failures do, under their own
 * keys): too many → 429.
 */
export async function requestPasswordReset(db: Database, email: string, { limiter, clientAddress, lng, publicUrl, outbox }: ResetRequestContext): Promise<void> {
  await limitResetRequests(limiter, email, clientAddress);

  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.disabledAt)));
  // No account, or a disabled one: the same answer, and nothing is sent.
  if (!user) return;
  await db.transaction((tx) => issuePasswordReset(tx, user, { lng, publicUrl }));
  outbox.wake();
}

/** Whose link a reset mail carries. */
export interface ResetRecipient {
  id: string;
  name: string;
  email: string;
}

/**
 * Inside the caller's transaction: a new single-use link for the account (valid 30 minutes,
 * stored hashed; its older links stop working) and the reset mail carrying it, in the outbox.
 * Wake the outbox after the commit. Used by the shopper's "forgot password" and by staff
 * (`POST /api/admin/customers/{id}/password-reset`).
 */
export async function issuePasswordReset(tx: Executor, user: ResetRecipient, { lng, publicUrl }: { lng: Language; publicUrl: string }): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const link = absoluteUrl(publicUrl, storefrontPaths.resetPassword(token));
  await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_MINUTES})`,
  });
  await enqueueMail(tx, 'password-reset', passwordResetMessage({ to: user.email, name: user.name, link, lng }));
}

/**
 * Sets a new password with a reset link's token, in one transaction: the link must be unused and
 * unexpired; every link of the account is used up, and the token version rises, which ends every
 * session. A bad, used or expired link: 400, and nothing changes.
 */
export async function resetPassword(db: Database, { token, password }: { token: string; password: string }): Promise<void> {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, 'COMMON_PASSWORD');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .for('update');
    if (!link) throw badRequest(INVALID_RESET_LINK_MESSAGE, 'INVALID_RESET_LINK');
    // A link mailed before staff disabled the account opens nothing (disabling also drops them).
    const [account] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, link.userId));
    if (!account || account.disabledAt) throw badRequest(INVALID_RESET_LINK_MESSAGE, 'INVALID_RESET_LINK');
    await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, link.userId));
  });
}
