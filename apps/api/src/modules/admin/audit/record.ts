// The audit log's one writer (issue #21). Every staff write calls `recordAudit` inside the
// transaction of the change it records, so a change and its record commit or roll back together;
// a sign-in, which writes nothing else worth keeping, records on its own.
import { isDeepStrictEqual } from 'node:util';

import type { AuditAction, AuditEntityType } from '@dukkan/contracts/admin-orders';
import type { StaffRole } from '@dukkan/contracts/admin-staff';
import type { FastifyRequest } from 'fastify';

import type { Executor } from '../../../db/client';
import { auditLog } from '../../../db/schema';
import { currentStaff } from '../guard';

/** Who acted and from where: a staff member as they were at that moment. */
export interface AuditActor {
  /** Null for a failed sign-in with an email no staff member has. */
  id: string | null;
  /** The staff member's email, or what was typed at a failed sign-in. */
  email: string;
  role: StaffRole | null;
  /** The client's address (`request.ip`). */
  address: string;
}

/** What was done to which entity, with its values before and after (null where there is none). */
export interface AuditChange {
  action: AuditAction;
  entityType?: AuditEntityType;
  entityId?: string;
  before?: unknown;
  after?: unknown;
}

/** The signed-in staff member of a back-office request, as an audit actor. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { id, email, role } = currentStaff(request);
  return { id, email, role, address: request.ip };
}

/**
 * Appends one record. Values must never carry a secret: callers pass what was changed (a
 * product's fields, a role, a status), never a password, its hash, a token or a TOTP secret.
 */
export async function recordAudit(db: Executor, actor: AuditActor, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    address: actor.address,
    action: change.action,
    entityType: change.entityType ?? null,
    entityId: change.entityId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * The fields whose values differ between two states of an entity, as a record's `before` and
 * `after` holding those fields only (deep comparison); `null` when nothing differs. Keys in
 * `ignore` (timestamps, say) are left out.
 */
export function changedFields<T extends object>(before: T, after: T, ignore: readonly (keyof T)[] = []): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (ignore.includes(key) || isDeepStrictEqual(before[key], after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return Object.keys(is).length > 0 ? { before: was, after: is } : null;
}
