// Records of what staff were refused (issue #32): kept so the log shows who was turned away, and
// rate-limited so that a flood of refused requests cannot fill an append-only log.
import type { AuditAction } from '@dukkan/contracts/admin-orders';
import { EMAIL_PATTERN } from '@dukkan/contracts/limits';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../../db/client';
import { auditLog } from '../../../db/schema';

import type { AuditActor, AuditChange } from './record';

/**
 * What the log may keep of an email a person typed (a failed sign-in's): the address when it is a
 * well-formed one, otherwise nothing — `email` is then empty and `typed` says it was not an
 * address. A password typed into the email field must not stay in an append-only log for ever
 * (issue #32); no hash of it is kept either, as a short unkeyed hash of a common password is
 * found again by hashing the list of common passwords.
 */
export function typedEmailForAudit(typed: string): { email: string; typed?: 'not-an-email' } {
  const email = typed.trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? { email } : { email: '', typed: 'not-an-email' };
}

/** A refusal is kept once a minute per who, from where and what (same action and values). */
export const REFUSAL_REPEAT_SECONDS = 60;
/** Refusals kept per minute across the shop, whoever is refused: a flood from many addresses stops here. */
export const REFUSALS_PER_MINUTE = 120;
/** The actions `recordRefusal` writes, counted together against REFUSALS_PER_MINUTE. */
const REFUSAL_ACTIONS = ['staff.sign-in-limited', 'staff.forbidden'] as const satisfies readonly AuditAction[];

/**
 * Appends the record of a refused request (a sign-in refused with 429, a request refused with 403
 * `ROLE_FORBIDDEN`), rate-limited so that a flood cannot fill the log: it is left out when the
 * same refusal (action, actor's email, address and `after`) was recorded in the last minute, or
 * when `REFUSALS_PER_MINUTE` refusals were recorded in the last minute. Both checks are one
 * statement with the insert, against the log itself, so every API process sharing the database
 * keeps them together (two processes may each keep one record of a burst that starts at the same
 * moment). Returns whether it was kept.
 */
export async function recordRefusal(db: Executor, actor: AuditActor, change: AuditChange & { action: (typeof REFUSAL_ACTIONS)[number] }): Promise<boolean> {
  const after = change.after === undefined ? null : JSON.stringify(change.after);
  const result = await db.execute(sql`
    insert into ${auditLog} (actor_id, actor_email, actor_role, address, action, entity_type, entity_id, before, after)
    select ${actor.id}::uuid, ${actor.email}, ${actor.role}, ${actor.address}, ${change.action}, ${change.entityType ?? null}, ${change.entityId ?? null}, null, ${after}::jsonb
    where not exists (
        select 1 from ${auditLog} a
        where a.actor_email = ${actor.email} and a.at > now() - make_interval(secs => ${REFUSAL_REPEAT_SECONDS})
          and a.action = ${change.action} and a.address = ${actor.address} and a.after is not distinct from ${after}::jsonb
      )
      and (
        select count(*) from ${auditLog} a
        where a.at > now() - interval '1 minute' and a.action in (${sql.join(
          REFUSAL_ACTIONS.map((action) => sql`${action}`),
          sql`, `,
        )})
      ) < ${REFUSALS_PER_MINUTE}
    returning id`);
  return (result as { rows: unknown[] }).rows.length > 0;
}
