import { randomBytes } from 'node:crypto';

import type { StaffListItem, StaffRole } from '@dukkan/contracts/admin-staff';
import type { Language } from '@dukkan/contracts/common';
import { and, asc, eq, sql } from 'drizzle-orm';

import type { Database, Executor } from '../../../db/client';
import { staff, staffTokens } from '../../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../lib/errors';
import { enqueueMail } from '../../../mail/outbox';
import { hashPassword, isCommonPassword } from '../../users/passwords';
import { changedFields, recordAudit, type AuditActor } from '../audit/record';
import { endAllStaffSessions, hashSessionToken } from '../session';

import { invitationMessage } from './invitation-message';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const EMAIL_TAKEN_MESSAGE = 'email: a staff member with this email already exists.';
export const LAST_OWNER_MESSAGE = 'The shop needs at least one active owner: make another member owner first.';

/** Refuses a common password with a message naming the field (`password`, `newPassword`). */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw badRequest(`${field}: this password is too common. Please choose a less common one.`, 'COMMON_PASSWORD', field);
}

const itemColumns = {
  _id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  disabled: staff.disabled,
  invited: sql<boolean>`${staff.passwordHash} is null`,
  twoFactor: sql<boolean>`${staff.totpEnabledAt} is not null`,
};

/** Every staff member, owners first, then by name. */
export async function listStaff(db: Executor): Promise<StaffListItem[]> {
  return db
    .select(itemColumns)
    .from(staff)
    .orderBy(sql`${staff.role} = 'owner' desc`, asc(staff.name), asc(staff.email));
}

/** Hashes the token of a setup link for storage: the link itself is never stored. */
export const hashSetupToken = hashSessionToken;

/** A new setup link's token: 32 random bytes, URL-safe. */
export const newSetupToken = () => randomBytes(32).toString('base64url');

/** The URL of the back office's setup page for `token`. */
export function setupLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/setup?token=${encodeURIComponent(token)}`;
}

export interface CreateStaffInput {
  email: string;
  name: string;
  role: StaffRole;
  /** The new member's password; without it, `invite` must be true. */
  password?: string;
  invite?: boolean;
}

export interface InviteContext {
  /** The shop's address, for the invitation's link (`PUBLIC_URL`). */
  publicUrl: string;
  /** The language of the invitation mail. */
  lng: Language;
  /** Who invites (named in the mail). */
  invitedBy: string;
}

/**
 * Adds a staff member: with a password, an account that works at once; with `invite`, one
 * without a password and an invitation mail (through the outbox, in the same transaction) with a
 * link, valid 7 days, to choose it. 409 for a taken email, 400 for a common password; nothing is
 * written on failure. Wake the outbox after it returns.
 */
export async function createStaff(db: Database, input: CreateStaffInput, invite?: InviteContext, actor?: AuditActor): Promise<StaffListItem> {
  let passwordHash: string | null = null;
  if (input.password !== undefined) {
    assertUncommonPassword(input.password);
    passwordHash = await hashPassword(input.password);
  } else if (!input.invite || !invite) {
    throw badRequest('password is required (or send invite: true to mail an invitation)', 'VALIDATION_ERROR', 'password');
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ email: input.email, name: input.name, role: input.role, passwordHash })
        .onConflictDoNothing({ target: staff.email })
        .returning(itemColumns);
      if (!row) throw conflict(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
      if (passwordHash === null && invite) {
        const token = newSetupToken();
        await tx.insert(staffTokens).values({ tokenHash: hashSetupToken(token), kind: 'invite', staffId: row._id, expiresAt: new Date(Date.now() + INVITE_TTL_MS) });
        await enqueueMail(tx, 'staff-invitation', invitationMessage({ to: row.email, name: row.name, role: row.role, invitedBy: invite.invitedBy, link: setupLink(invite.publicUrl, token), lng: invite.lng }));
      }
      // The owner's add is recorded (the operator's `npm run staff` has no actor in the back office).
      if (actor) {
        await recordAudit(tx, actor, {
          action: passwordHash === null ? 'staff.invite' : 'staff.create',
          entityType: 'staff',
          entityId: row._id,
          after: { email: row.email, name: row.name, role: row.role },
        });
      }
      return row;
    });
  } catch (error) {
    // Two adds of one email at once: the second's insert meets the first's row.
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
    throw error;
  }
}

export interface UpdateStaffInput {
  role?: StaffRole;
  disabled?: boolean;
  name?: string;
}

/**
 * Changes a member's role, name or disabled flag, in one transaction. A change of role, or
 * disabling, ends every session of the member. The last active owner can be neither demoted nor
 * disabled (409): the active owners' rows are locked first, so two owners demoting each other at
 * once cannot both succeed. 404 for an unknown member.
 */
export async function updateStaff(db: Database, staffId: string, input: UpdateStaffInput, actor?: AuditActor): Promise<StaffListItem> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'owner'), eq(staff.disabled, false)))
      .for('update');
    const [current] = await tx.select({ role: staff.role, disabled: staff.disabled, name: staff.name }).from(staff).where(eq(staff.id, staffId)).for('update');
    if (!current) throw notFound('Staff member not found', 'STAFF_NOT_FOUND');

    const role = input.role ?? current.role;
    const disabled = input.disabled ?? current.disabled;
    const wasActiveOwner = current.role === 'owner' && !current.disabled;
    const staysActiveOwner = role === 'owner' && !disabled;
    if (wasActiveOwner && !staysActiveOwner && owners.every((owner) => owner.id === staffId)) throw conflict(LAST_OWNER_MESSAGE, 'LAST_OWNER');

    const [row] = await tx
      .update(staff)
      .set({ role, disabled, ...(input.name !== undefined ? { name: input.name } : {}), updatedAt: sql`now()` })
      .where(eq(staff.id, staffId))
      .returning(itemColumns);
    if (!row) throw notFound('Staff member not found', 'STAFF_NOT_FOUND');
    if (role !== current.role || (disabled && !current.disabled)) await endAllStaffSessions(tx, staffId);
    const change = changedFields(current, { role: row.role, disabled: row.disabled, name: row.name });
    if (actor && change) await recordAudit(tx, actor, { action: 'staff.update', entityType: 'staff', entityId: staffId, ...change });
    return row;
  });
}

/** Whether a staff account exists. */
export async function anyStaffExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).limit(1);
  return row !== undefined;
}

/**
 * Mails an invited member (one who has not chosen a password yet) a new link: the old links stop
 * working. 404 for an unknown member, 409 for one who has a password already. Wake the outbox
 * after it returns.
 */
export async function resendInvitation(db: Database, staffId: string, invite: InviteContext, actor?: AuditActor): Promise<StaffListItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ ...itemColumns, passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, staffId)).for('update');
    if (!row) throw notFound('Staff member not found', 'STAFF_NOT_FOUND');
    if (row.passwordHash !== null) throw conflict('This member has chosen a password already: there is nothing to invite them to.', 'ALREADY_SET_UP');
    if (row.disabled) throw conflict('This member is disabled: enable them first.', 'STAFF_DISABLED');
    await tx.delete(staffTokens).where(and(eq(staffTokens.staffId, staffId), eq(staffTokens.kind, 'invite')));
    const token = newSetupToken();
    await tx.insert(staffTokens).values({ tokenHash: hashSetupToken(token), kind: 'invite', staffId, expiresAt: new Date(Date.now() + INVITE_TTL_MS) });
    await enqueueMail(tx, 'staff-invitation', invitationMessage({ to: row.email, name: row.name, role: row.role, invitedBy: invite.invitedBy, link: setupLink(invite.publicUrl, token), lng: invite.lng }));
    if (actor) await recordAudit(tx, actor, { action: 'staff.invite', entityType: 'staff', entityId: staffId, after: { email: row.email, role: row.role } });
    const { passwordHash: _hash, ...item } = row;
    return item;
  });
}
