import type { Language } from '@dukkan/contracts/common';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';

import type { Executor, Transaction } from '../../db/client';
import { categories, promotionDepartments, promotionProducts, promotions, promotionUses } from '../../db/schema';

import type { PromotionCandidate } from './apply';

/*
 * Promotions as the cart and Place Order weigh them (issue #35, decision 0059): read with their
 * targets, their live uses and the shopper's, in one statement.
 */

/** A promotion to weigh, with its names. */
export interface NamedCandidate extends PromotionCandidate {
  nameEn: string;
  nameAr: string;
  /** How many of the asking shopper's orders carry it now; undefined for a guest. */
  shopperUses: number | undefined;
}

/** The promotion's name in `lng`. */
export const nameIn = (candidate: Pick<NamedCandidate, 'nameEn' | 'nameAr'>, lng: Language) => (lng === 'ar' ? candidate.nameAr : candidate.nameEn);

/** The promotion row's id, qualified: in a subquery, drizzle's bare "id" could be another table's. */
export const PROMOTION_ID = sql`${promotions}.${sql.identifier('id')}`;

/** What a promotion is limited to, as answered: its departments' keys (in the shop's order) and its products' ids. */
export const PROMOTION_TARGETS = {
  departments: sql<string[]>`coalesce((select array_agg(c.slug order by c.position) from ${promotionDepartments} d join ${categories} c on c.id = d.category_id where d.promotion_id = ${PROMOTION_ID}), '{}')`,
  products: sql<string[]>`coalesce((select array_agg(pp.product_id::text order by pp.product_id) from ${promotionProducts} pp where pp.promotion_id = ${PROMOTION_ID}), '{}')`,
};

/** A promotion row's own fields, as both the back office and the weighing read them. */
export const PROMOTION_FIELDS = {
  id: promotions.id,
  code: promotions.code,
  nameEn: promotions.nameEn,
  nameAr: promotions.nameAr,
  kind: promotions.kind,
  value: promotions.value,
  minSubtotalCents: promotions.minSubtotalCents,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
  usageLimit: promotions.usageLimit,
  perCustomerLimit: promotions.perCustomerLimit,
  active: promotions.active,
};

function candidateColumns(userId: string | undefined) {
  return {
    ...PROMOTION_FIELDS,
    departmentIds: sql<string[]>`coalesce((select array_agg(d.category_id::text) from ${promotionDepartments} d where d.promotion_id = ${PROMOTION_ID}), '{}')`,
    productIds: sql<string[]>`coalesce((select array_agg(pp.product_id::text) from ${promotionProducts} pp where pp.promotion_id = ${PROMOTION_ID}), '{}')`,
    // Counted only where a limit needs them.
    liveUses: sql<number>`(case when ${promotions.usageLimit} is null then 0 else (select count(*)::int from ${promotionUses} u where u.promotion_id = ${PROMOTION_ID} and u.released_at is null) end)`,
    shopperUses:
      userId === undefined
        ? sql<number | null>`null::int`
        : sql<number | null>`(case when ${promotions.perCustomerLimit} is null then 0 else (select count(*)::int from ${promotionUses} u where u.promotion_id = ${PROMOTION_ID} and u.user_id = ${userId} and u.released_at is null) end)`,
  };
}

function selectCandidates(db: Executor, userId: string | undefined, where: SQL | undefined) {
  return db.select(candidateColumns(userId)).from(promotions).where(where);
}

type CandidateRow = Awaited<ReturnType<typeof selectCandidates>>[number];

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function toCandidate(row: CandidateRow): NamedCandidate {
  return {
    id: row.id,
    code: row.code,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    kind: row.kind === 'amount' ? 'amount' : 'percent',
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: dateOf(row.startsAt),
    endsAt: dateOf(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    departmentIds: row.departmentIds,
    productIds: row.productIds,
    liveUses: Number(row.liveUses),
    shopperUses: row.shopperUses === null ? undefined : Number(row.shopperUses),
  };
}

/** Automatic promotions that may apply now: no code, active, within their window. */
export const automaticNow: SQL = and(
  isNull(promotions.code),
  eq(promotions.active, true),
  sql`(${promotions.startsAt} is null or ${promotions.startsAt} <= now())`,
  sql`(${promotions.endsAt} is null or ${promotions.endsAt} > now())`,
) as SQL;

/**
 * What a cart weighs: the promotion whose code it holds (`enteredId`), whatever its state, and
 * every automatic one running now; with the shopper's uses when `userId` is given.
 */
export async function cartCandidates(db: Executor, enteredId: string | null, userId: string | undefined): Promise<{ entered: NamedCandidate | undefined; automatic: NamedCandidate[] }> {
  const rows = await selectCandidates(db, userId, enteredId === null ? automaticNow : or(eq(promotions.id, enteredId), automaticNow));
  const candidates = rows.map(toCandidate);
  return { entered: candidates.find((candidate) => candidate.id === enteredId), automatic: candidates.filter((candidate) => candidate.code === null) };
}

/** The promotion whose code is `code` (ignoring case and surrounding spaces), or undefined. */
export async function candidateByCode(db: Executor, code: string, userId: string | undefined): Promise<NamedCandidate | undefined> {
  const [row] = await selectCandidates(db, userId, sql`lower(${promotions.code}) = lower(${code.trim()})`);
  return row ? toCandidate(row) : undefined;
}

/**
 * The promotion with id `id` as an order weighs it, its uses counted so that no claim is missed:
 * when it has a cap, its row is locked for the rest of the transaction first and the uses are
 * counted under the lock — every claim of one promotion waits there for the one before it to
 * commit or roll back, in any process, and the next statement sees it. Without a cap there is
 * nothing to wait for (the shopper's own limit is counted under the shopper's lock, which
 * Place Order holds).
 */
export async function candidateForOrder(tx: Transaction, id: string, userId: string): Promise<NamedCandidate | undefined> {
  const [read] = await selectCandidates(tx, userId, eq(promotions.id, id));
  if (!read || read.usageLimit === null) return read ? toCandidate(read) : undefined;
  await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id)).for('update');
  const [row] = await selectCandidates(tx, userId, eq(promotions.id, id));
  return row ? toCandidate(row) : undefined;
}
