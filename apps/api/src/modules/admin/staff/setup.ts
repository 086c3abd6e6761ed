import type { SetupInfoResponse, Staff } from '@dukkan/contracts/admin-staff';
import { eq, isNotNull, lt, or, sql } from 'drizzle-orm';

import type { Database, Executor } from '../../../db/client';
import { staff, staffTokens } from '../../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../../lib/errors';
import { hashPassword, isCommonPassword } from '../../users/passwords';
import { recordAudit } from '../audit/record';
import { createStaffSession, deleteLapsedStaffSessions } from '../session';

import { anyStaffExists, assertUncommonPassword, EMAIL_TAKEN_MESSAGE, hashSetupToken, newSetupToken, setupLink } from './accounts';
import type { NewStaffSession } from './sign-in';

/** How long the first-owner link logged at start works. */
export const FIRST_OWNER_TTL_MS = 24 * 60 * 60 * 1000;

/** Both processes of a shop starting together take this lock: only one creates the first owner or its link. */
const FIRST_OWNER_LOCK = 'dukkan first owner';

export const UNKNOWN_LINK_MESSAGE = 'This setup link is not known. Ask for a new one.';
export const SPENT_LINK_MESSAGE = 'This setup link has expired or was used already. Ask for a new one.';
export const SET_UP_ALREADY_MESSAGE = 'The back office has its owner already: sign in instead.';

const gone = (message: string) => new HttpError(410, 'SETUP_LINK_GONE', message);

const lockFirstOwner = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FIRST_OWNER_LOCK}))`);

export type FirstOwnerOutcome = 'exists' | 'created' | 'link';

/** Where `ensureFirstOwner` reports (the app's logger). */
export interface SetupLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Runs at every start. With staff: nothing (an existing account is never changed). Without:
 * with OWNER_EMAIL and OWNER_PASSWORD, creates that owner; otherwise logs a one-time link
 * (`/admin/setup?token=…`, 24 hours) that creates it. Under an advisory lock in one transaction,
 * so two processes starting together on one database make one owner (or each its own link).
 */
export async function ensureFirstOwner(
  db: Database,
  { firstOwner, publicUrl, log, now = new Date() }: { firstOwner: { email: string; password: string } | undefined; publicUrl: string; log: SetupLog; now?: Date },
): Promise<FirstOwnerOutcome> {
  // Housekeeping at start: lapsed sessions and links that can no longer be used.
  await deleteLapsedStaffSessions(db, now);
  await db.delete(staffTokens).where(or(isNotNull(staffTokens.usedAt), lt(staffTokens.expiresAt, now)));
  if (await anyStaffExists(db)) return 'exists';
  let ownerHash: string | undefined;
  if (firstOwner) {
    if (isCommonPassword(firstOwner.password)) {
      log.error('OWNER_PASSWORD is one of the most common passwords: the first owner was not created. Choose another, or use the setup link below.');
    } else {
      ownerHash = await hashPassword(firstOwner.password);
    }
  }
  const outcome = await db.transaction(async (tx): Promise<{ kind: 'exists' | 'created' } | { kind: 'link'; token: string }> => {
    await lockFirstOwner(tx);
    if (await anyStaffExists(tx)) return { kind: 'exists' };
    if (firstOwner && ownerHash) {
      await tx.insert(staff).values({ email: firstOwner.email, name: 'Owner', role: 'owner', passwordHash: ownerHash });
      return { kind: 'created' };
    }
    const token = newSetupToken();
    await tx.insert(staffTokens).values({ tokenHash: hashSetupToken(token), kind: 'first-owner', expiresAt: new Date(now.getTime() + FIRST_OWNER_TTL_MS) });
    return { kind: 'link', token };
  });
  if (outcome.kind === 'created') log.info('created the first owner of the back office from OWNER_EMAIL and OWNER_PASSWORD');
  if (outcome.kind === 'link') {
    // The one place a token goes to the log, on purpose: this is the operator's own one-time
    // link, the only way in to a shop without staff (OWNER_EMAIL unset). It is in the message,
    // not under a key the redaction censors; no email is ever logged.
    log.warn(`No back-office account exists yet. To create the owner, open ${setupLink(publicUrl, outcome.token)} within 24 hours (or set OWNER_EMAIL and OWNER_PASSWORD and restart).`);
  }
  return outcome.kind;
}

interface TokenRow {
  kind: 'first-owner' | 'invite' | 'password-reset';
  staffId: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

/** The token's row when it still opens its page: 404 unknown, 410 expired, used, or (first owner) the shop has staff already. */
async function liveToken(db: Executor, token: string, now: Date, forUpdate: boolean): Promise<TokenRow & { staff: { email: string; name: string; role: Staff['role']; passwordHash: string | null } | null }> {
  const query = db
    .select({ kind: staffTokens.kind, staffId: staffTokens.staffId, expiresAt: staffTokens.expiresAt, usedAt: staffTokens.usedAt })
    .from(staffTokens)
    .where(eq(staffTokens.tokenHash, hashSetupToken(token)));
  const [row] = forUpdate ? await query.for('update') : await query;
  // A password reset's link opens the reset page only (`password-reset.ts`), never this one.
  if (!row || row.kind === 'password-reset') throw notFound(UNKNOWN_LINK_MESSAGE, 'SETUP_LINK_UNKNOWN');
  if (row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw gone(SPENT_LINK_MESSAGE);
  if (row.kind === 'first-owner') {
    if (await anyStaffExists(db)) throw gone(SET_UP_ALREADY_MESSAGE);
    return { ...row, staff: null };
  }
  const [member] = row.staffId
    ? await db.select({ email: staff.email, name: staff.name, role: staff.role, passwordHash: staff.passwordHash, disabled: staff.disabled }).from(staff).where(eq(staff.id, row.staffId))
    : [];
  if (!member || member.disabled || member.passwordHash !== null) throw gone(SPENT_LINK_MESSAGE);
  return { ...row, staff: member };
}

/** `GET /api/admin/setup?token=`: what the link is for, or 404/410. */
export async function readSetupLink(db: Database, token: string, now = new Date()): Promise<SetupInfoResponse['data']> {
  const row = await liveToken(db, token, now, false);
  if (row.kind === 'first-owner' || !row.staff) return { kind: 'first-owner' };
  return { kind: 'invite', email: row.staff.email, name: row.staff.name, role: row.staff.role };
}

/**
 * `POST /api/admin/setup`: uses a link once. The first-owner link creates the owner with the
 * email, name and password sent; an invitation sets the invited member's password (and name, when
 * sent). Then signs in. One transaction; the link's row is locked, so a link used twice at once
 * works once.
 */
export async function completeSetup(
  db: Database,
  input: { token: string; email?: string; name?: string; password: string },
  { address, now = new Date() }: { address: string; now?: Date },
): Promise<{ staff: Staff; session: NewStaffSession }> {
  assertUncommonPassword(input.password);
  // Checked before the (slow) hash, and again under the lock below.
  const peek = await liveToken(db, input.token, now, false);
  if (peek.kind === 'first-owner') {
    if (!input.email) throw badRequest('email is required', 'VALIDATION_ERROR', 'email');
    if (!input.name) throw badRequest('name is required', 'VALIDATION_ERROR', 'name');
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (peek.kind === 'first-owner') await lockFirstOwner(tx);
    const row = await liveToken(tx, input.token, now, true);
    await tx.update(staffTokens).set({ usedAt: now }).where(eq(staffTokens.tokenHash, hashSetupToken(input.token)));
    let member: Staff;
    if (row.kind === 'first-owner') {
      const [created] = await tx
        .insert(staff)
        .values({ email: input.email ?? '', name: input.name ?? '', role: 'owner', passwordHash })
        .onConflictDoNothing({ target: staff.email })
        .returning({ _id: staff.id, email: staff.email, name: staff.name, role: staff.role });
      if (!created) throw conflict(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
      member = created;
    } else {
      if (!row.staffId) throw gone(SPENT_LINK_MESSAGE);
      const [updated] = await tx
        .update(staff)
        .set({ passwordHash, ...(input.name ? { name: input.name } : {}), updatedAt: sql`now()` })
        .where(eq(staff.id, row.staffId))
        .returning({ _id: staff.id, email: staff.email, name: staff.name, role: staff.role });
      if (!updated) throw gone(SPENT_LINK_MESSAGE);
      member = updated;
    }
    // The audit log: the first owner's creation, or the invited member's password (never the
    // password itself), and the sign-in that follows; the member is their own actor.
    const actor = { id: member._id, email: member.email, role: member.role, address };
    if (row.kind === 'first-owner') {
      await recordAudit(tx, actor, { action: 'staff.create', entityType: 'staff', entityId: member._id, after: { email: member.email, name: member.name, role: member.role } });
    } else {
      await recordAudit(tx, actor, { action: 'staff.password', entityType: 'staff', entityId: member._id });
    }
    await recordAudit(tx, actor, { action: 'staff.sign-in', entityType: 'staff', entityId: member._id });
    const session = await createStaffSession(tx, member._id, now);
    return { staff: member, session };
  });
}
