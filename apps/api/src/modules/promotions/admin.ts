import {
  endsAfterStart,
  PROMOTIONS_PAGE_SIZE,
  valueOut,
  valueProblem,
  type CreatePromotionBody,
  type Promotion,
  type PromotionKind,
  type PromotionListQuery,
  type PromotionListResponse,
  type PromotionOrdersResponse,
  type PromotionStatus,
  type UpdatePromotionBody,
} from '@dukkan/contracts/admin-promotions';
import { centsToDollars, dollarsToCents } from '@dukkan/contracts/money';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import type { Database, Executor } from '../../db/client';
import { categories, orders, products, promotionDepartments, promotionProducts, promotions, promotionUses } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { changedFields, recordAudit, type AuditActor } from '../admin/audit/record';

import { PROMOTION_FIELDS, PROMOTION_ID, PROMOTION_TARGETS } from './candidates';

/*
 * The back office's promotions (issue #35, decision 0059): created, listed, read, changed and
 * deactivated by owner and catalog staff, each write in one transaction with its audit record.
 */

const PROMOTION_NOT_FOUND = 'No promotion has this id';
const CODE_TAKEN = 'code: another promotion has this code';
const IN_USE = 'code and kind cannot change once an order used the promotion';


/** Orders carrying the promotion now: its uses not released (an expired or cancelled unpaid order releases its use). */
const liveUses = sql<number>`(select count(*)::int from ${promotionUses} u where u.promotion_id = ${PROMOTION_ID} and u.released_at is null)`;

/** The status of a promotion row, as SQL (for the list's filter) — the same rule as `statusOf`. */
const statusSql = sql<PromotionStatus>`(case
  when not ${promotions.active} then 'inactive'
  when ${promotions.startsAt} > now() then 'scheduled'
  when ${promotions.endsAt} <= now() then 'expired'
  when ${promotions.usageLimit} is not null and ${liveUses} >= ${promotions.usageLimit} then 'used up'
  else 'active' end)`;

const columns = {
  ...PROMOTION_FIELDS,
  createdAt: promotions.createdAt,
  updatedAt: promotions.updatedAt,
  uses: liveUses,
  status: statusSql,
  ...PROMOTION_TARGETS,
};

type Row = Awaited<ReturnType<typeof selectPromotions>>[number];

function selectPromotions(db: Executor, where: SQL | undefined) {
  return db.select(columns).from(promotions).where(where);
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function toPromotion(row: Row): Promotion {
  const kind = row.kind as PromotionKind;
  return {
    _id: row.id,
    name: { en: row.nameEn, ar: row.nameAr },
    code: row.code,
    kind,
    value: valueOut(kind, row.value),
    departments: row.departments,
    products: row.products,
    minSubtotal: centsToDollars(row.minSubtotalCents),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    uses: Number(row.uses),
    status: row.status,
    createdAt: iso(row.createdAt) ?? '',
    updatedAt: iso(row.updatedAt) ?? '',
  };
}

/** One promotion as the API answers it; 404 when there is none with `id`. */
async function readPromotion(db: Executor, id: string): Promise<Promotion> {
  const [row] = await selectPromotions(db, eq(promotions.id, id));
  if (!row) throw notFound(PROMOTION_NOT_FOUND, 'PROMOTION_NOT_FOUND');
  return toPromotion(row);
}

/** The ids of departments named (ignoring case); 400 naming the first unknown one. */
async function departmentIds(db: Executor, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return [...new Set(names)].map((name) => {
    const found = rows.find((row) => row.slug.toLowerCase() === name.toLowerCase());
    if (!found) throw badRequest(`departments: no department is called ${JSON.stringify(name)}`, 'UNKNOWN_CATEGORY', 'departments');
    return found.id;
  });
}

/** The products named, each once; 400 naming the first one the catalog does not have. */
async function productIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, unique))).map((row) => row.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw badRequest(`products: no product has the id ${missing}`, 'PRODUCT_NOT_FOUND', 'products');
  return unique;
}

/** The stored value of a promotion's `value`: the percent, or cents. */
const valueIn = (kind: PromotionKind, value: number) => (kind === 'percent' ? value : dollarsToCents(value));

async function setTargets(tx: Executor, id: string, departments: string[] | undefined, productList: string[] | undefined): Promise<void> {
  if (departments) {
    await tx.delete(promotionDepartments).where(eq(promotionDepartments.promotionId, id));
    if (departments.length > 0) await tx.insert(promotionDepartments).values(departments.map((categoryId) => ({ promotionId: id, categoryId })));
  }
  if (productList) {
    await tx.delete(promotionProducts).where(eq(promotionProducts.promotionId, id));
    if (productList.length > 0) await tx.insert(promotionProducts).values(productList.map((productId) => ({ promotionId: id, productId })));
  }
}

/** What an audit record keeps of a promotion: its fields as answered, without the figures that move by themselves. */
function audited({ uses: _uses, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...fields }: Promotion) {
  return fields;
}

/** Creates a promotion: 409 `PROMO_CODE_TAKEN` when its code is another's (ignoring case). */
export async function createPromotion(db: Database, body: CreatePromotionBody, actor: AuditActor): Promise<Promotion> {
  try {
    return await db.transaction(async (tx) => {
      const departments = await departmentIds(tx, body.departments ?? []);
      const productList = await productIds(tx, body.products ?? []);
      const [row] = await tx
        .insert(promotions)
        .values({
          code: body.code ?? null,
          nameEn: body.name.en,
          nameAr: body.name.ar,
          kind: body.kind,
          value: valueIn(body.kind, body.value),
          minSubtotalCents: dollarsToCents(body.minSubtotal ?? 0),
          startsAt: body.startsAt ? new Date(body.startsAt) : null,
          endsAt: body.endsAt ? new Date(body.endsAt) : null,
          usageLimit: body.usageLimit ?? null,
          perCustomerLimit: body.perCustomerLimit ?? null,
          active: body.active,
        })
        .returning({ id: promotions.id });
      if (!row) throw new Error('The promotion was not written');
      await setTargets(tx, row.id, departments, productList);
      const promotion = await readPromotion(tx, row.id);
      await recordAudit(tx, actor, { action: 'promotion.create', entityType: 'promotion', entityId: row.id, after: audited(promotion) });
      return promotion;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, 'PROMO_CODE_TAKEN');
    throw error;
  }
}

/** One promotion; 404 when there is none. */
export function getPromotion(db: Database, id: string): Promise<Promotion> {
  return readPromotion(db, id);
}

/** Promotions newest first, PROMOTIONS_PAGE_SIZE a page, by status and by part of the code or either name (ignoring case). */
export async function listPromotions(db: Database, { status, q, page }: PromotionListQuery): Promise<PromotionListResponse> {
  const conditions: SQL[] = [];
  if (status) conditions.push(sql`${statusSql} = ${status}`);
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${promotions.code} ilike ${pattern} or ${promotions.nameEn} ilike ${pattern} or ${promotions.nameAr} ilike ${pattern})`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    selectPromotions(db, where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(PROMOTIONS_PAGE_SIZE)
      .offset((page - 1) * PROMOTIONS_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(promotions).where(where),
  ]);
  return { data: rows.map(toPromotion), total: Number(counted?.total ?? 0) };
}

/**
 * Changes any of a promotion's fields, checked with the stored ones (`value` against the kind,
 * `endsAt` after `startsAt`). Its code and kind cannot change once an order used it (409
 * `PROMOTION_IN_USE`); a code another promotion has: 409 `PROMO_CODE_TAKEN`.
 */
export async function updatePromotion(db: Database, id: string, body: UpdatePromotionBody, actor: AuditActor): Promise<Promotion> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id)).for('update');
      const before = await readPromotion(tx, id);
      const kind = body.kind ?? before.kind;
      const value = body.value ?? (body.kind !== undefined && body.kind !== before.kind ? undefined : before.value);
      if (value === undefined) throw badRequest('value: is required when kind changes', 'VALIDATION_ERROR', 'value');
      const problem = valueProblem(kind, value);
      if (problem) throw badRequest(`value: ${problem}`, 'VALIDATION_ERROR', 'value');
      const startsAt = body.startsAt === undefined ? before.startsAt : body.startsAt;
      const endsAt = body.endsAt === undefined ? before.endsAt : body.endsAt;
      if (!endsAfterStart(startsAt, endsAt)) throw badRequest('endsAt: must be after startsAt', 'VALIDATION_ERROR', 'endsAt');
      const code = body.code === undefined ? before.code : body.code;
      if (code !== before.code || kind !== before.kind) {
        const [used] = await tx.select({ orderId: promotionUses.orderId }).from(promotionUses).where(eq(promotionUses.promotionId, id)).limit(1);
        if (used) throw conflict(IN_USE, 'PROMOTION_IN_USE');
      }
      const departments = body.departments && (await departmentIds(tx, body.departments));
      const productList = body.products && (await productIds(tx, body.products));
      await tx
        .update(promotions)
        .set({
          code: code ?? null,
          nameEn: body.name?.en ?? before.name.en,
          nameAr: body.name?.ar ?? before.name.ar,
          kind,
          value: valueIn(kind, value),
          minSubtotalCents: dollarsToCents(body.minSubtotal ?? before.minSubtotal),
          startsAt: startsAt ? new Date(startsAt) : null,
          endsAt: endsAt ? new Date(endsAt) : null,
          usageLimit: body.usageLimit === undefined ? before.usageLimit : body.usageLimit,
          perCustomerLimit: body.perCustomerLimit === undefined ? before.perCustomerLimit : body.perCustomerLimit,
          active: body.active ?? before.active,
          updatedAt: sql`now()`,
        })
        .where(eq(promotions.id, id));
      await setTargets(tx, id, departments, productList);
      const after = await readPromotion(tx, id);
      const change = changedFields(audited(before), audited(after));
      if (change) await recordAudit(tx, actor, { action: 'promotion.update', entityType: 'promotion', entityId: id, ...change });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, 'PROMO_CODE_TAKEN');
    throw error;
  }
}

/** Deactivates a promotion (`DELETE`): no cart or order gets it any more; the orders that have it keep theirs. */
export async function deactivatePromotion(db: Database, id: string, actor: AuditActor): Promise<Promotion> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ active: promotions.active }).from(promotions).where(eq(promotions.id, id)).for('update');
    if (!row) throw notFound(PROMOTION_NOT_FOUND, 'PROMOTION_NOT_FOUND');
    if (row.active) {
      await tx.update(promotions).set({ active: false, updatedAt: sql`now()` }).where(eq(promotions.id, id));
      await recordAudit(tx, actor, { action: 'promotion.deactivate', entityType: 'promotion', entityId: id, before: { active: true }, after: { active: false } });
    }
    return readPromotion(tx, id);
  });
}

/** The orders that used a promotion, newest first, each with its discount, and the discount given in all (released uses left out of it). */
export async function promotionOrders(db: Database, id: string): Promise<PromotionOrdersResponse> {
  await readPromotion(db, id);
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      amountCents: orders.amountCents,
      discountCents: promotionUses.discountCents,
      releasedAt: promotionUses.releasedAt,
    })
    .from(promotionUses)
    .innerJoin(orders, eq(orders.id, promotionUses.orderId))
    .where(eq(promotionUses.promotionId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const given = rows.reduce((sum, row) => sum + (row.releasedAt === null ? row.discountCents : 0), 0);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      paymentStatus: row.paymentStatus,
      amount: centsToDollars(row.amountCents),
      discount: centsToDollars(row.discountCents),
      released: row.releasedAt !== null,
    })),
    total: rows.length,
    discount: centsToDollars(given),
  };
}
