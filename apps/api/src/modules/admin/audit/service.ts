import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
  type AuditQuery,
} from '@dukkan/contracts/admin-orders';
import { StaffRoleSchema, type StaffRole } from '@dukkan/contracts/admin-staff';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { auditLog } from '../../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isEntityType = (value: string): value is AuditEntityType => (AUDIT_ENTITY_TYPES as readonly string[]).includes(value);
const isRole = (value: string): value is StaffRole => (StaffRoleSchema.options as readonly string[]).includes(value);

/**
 * `GET /api/admin/audit` (owner): the records, newest first, filtered by who (`actor`: a staff
 * member's id, or an email — also one typed at a failed sign-in), by what (`entity`: the id of a
 * product, order, customer, staff member or import) and by UTC days (`from`, `to`, inclusive).
 * One page and the total. Nothing here, or elsewhere, changes a record.
 */
export async function listAudit(db: Database, { actor, entity, from, to, page, pageSize }: AuditQuery): Promise<{ data: AuditEntry[]; total: number }> {
  const filters: SQL[] = [];
  if (actor) filters.push(UUID.test(actor) ? eq(auditLog.actorId, actor.toLowerCase()) : eq(auditLog.actorEmail, actor.toLowerCase()));
  if (entity) filters.push(eq(auditLog.entityId, UUID.test(entity) ? entity.toLowerCase() : entity));
  if (from) filters.push(gte(auditLog.at, new Date(`${from}T00:00:00.000Z`)));
  if (to) filters.push(lt(auditLog.at, new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS)));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const data = rows.flatMap((row): AuditEntry[] => {
    // Written only by recordAudit, from the contract's lists; a row of an unknown action is left out.
    if (!isAction(row.action)) return [];
    return [
      {
        _id: String(row.id),
        at: row.at.toISOString(),
        actor: { _id: row.actorId, email: row.actorEmail, role: row.actorRole !== null && isRole(row.actorRole) ? row.actorRole : null },
        address: row.address,
        action: row.action,
        entityType: row.entityType !== null && isEntityType(row.entityType) ? row.entityType : null,
        entityId: row.entityId,
        before: row.before ?? null,
        after: row.after ?? null,
      },
    ];
  });
  return { data, total: totals?.total ?? 0 };
}
