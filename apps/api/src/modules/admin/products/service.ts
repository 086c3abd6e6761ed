import { randomBytes } from 'node:crypto';

import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductListResponse,
  CreateProductBody,
  StockLedgerEntry,
  UpdateProductBody,
} from '@dukkan/contracts/admin-products';
import { STOCK_LEDGER_LIMIT } from '@dukkan/contracts/admin-products';
import { centsToDollars, dollarsToCents, formatCents, optionalCentsToDollars } from '@dukkan/contracts/money';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import type { Database, Executor, Transaction } from '../../../db/client';
import { categories, products, staff, stockLedger, subcategories } from '../../../db/schema';
import { bumpCatalogVersion } from '../../../lib/catalog-version';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { productCoreColumns, type ProductCoreValues } from '../../catalog/product-row';
import { applyStockChanges, lockProducts } from '../../orders/service';
import { changedFields, recordAudit, type AuditActor } from '../audit/record';
import { PLACEHOLDER_IMAGE } from '../photos/photo-urls';

/*
 * The back office's products (issue #20, decision 0034). Every write runs in one transaction that
 * raises the catalog's version (so every API process drops its cached answers), and every change
 * of stock takes the product's row lock as orders do and lands in the stock ledger.
 */

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
/** Stock at or below this (and above 0) is "low" in the list's `stock=low` filter. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

const ISO_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const adminColumns = {
  ...productCoreColumns(),
  status: products.status,
  images: products.images,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: categories.slug,
  subcategory: subcategories.slug,
};

interface AdminRow extends ProductCoreValues {
  id: string;
  status: AdminProduct['status'];
  images: string[];
  createdAt: Date;
  updatedAt: Date;
  category: string;
  subcategory: string;
}

function toAdminProduct(row: AdminRow): AdminProduct {
  return {
    _id: row.id,
    title: { en: row.titleEn, ar: row.titleAr },
    description: { en: row.descriptionEn, ar: row.descriptionAr },
    brand: { en: row.brandEn, ar: row.brandAr },
    category: row.category,
    subcategory: row.subcategory,
    price: centsToDollars(row.priceCents),
    listPrice: optionalCentsToDollars(row.listPriceCents),
    quantity: row.quantity,
    status: row.status,
    images: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectAdmin(db: Executor) {
  return db
    .select(adminColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id));
}

/** Dollars (checked to have at most 2 decimals by the contract) as whole cents. */

/** `%`, `_` and `\` of a LIKE pattern taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORTS: Record<AdminProductListQuery['sort'], SQL[]> = {
  title: [asc(products.titleEn), asc(products.id)],
  '-title': [desc(products.titleEn), desc(products.id)],
  price: [asc(products.priceCents), asc(products.id)],
  '-price': [desc(products.priceCents), desc(products.id)],
  quantity: [asc(products.quantity), asc(products.id)],
  '-quantity': [desc(products.quantity), desc(products.id)],
  updatedAt: [asc(products.updatedAt), asc(products.id)],
  '-updatedAt': [desc(products.updatedAt), desc(products.id)],
  createdAt: [asc(products.createdAt), asc(products.id)],
  '-createdAt': [desc(products.createdAt), desc(products.id)],
  position: [asc(products.position), asc(products.id)],
};

/**
 * The back office's product list, every status: `q` is an exact id, or else matches a title in
 * either language (a case-insensitive substring, from the trigram indexes); `category` a
 * department's name; `stock` low (1 to `lowStockThreshold`) or out (0). One page and the total.
 */
export async function listAdminProducts(
  db: Database,
  { q, category, status, stock, sort, page, pageSize }: AdminProductListQuery,
  lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD,
): Promise<AdminProductListResponse> {
  const filters: SQL[] = [];
  if (q) {
    const pattern = `%${likeLiteral(q.toLowerCase())}%`;
    const titles = sql`(lower(${products.titleEn}) like ${pattern} or lower(${products.titleAr}) like ${pattern})`;
    // An id is looked up by the primary key alone: no title holds one.
    filters.push(ISO_UUID.test(q) ? eq(products.id, q.toLowerCase()) : titles);
  }
  if (category) {
    // The department's id first, so the planner filters products by its index alone.
    const [department] = await db.select({ id: categories.id }).from(categories).where(sql`lower(${categories.slug}) = lower(${category})`).limit(1);
    if (!department) return { data: [], total: 0 };
    filters.push(eq(products.categoryId, department.id));
  }
  if (status) filters.push(eq(products.status, status));
  if (stock === 'out') filters.push(eq(products.quantity, 0));
  if (stock === 'low') filters.push(sql`${products.quantity} between 1 and ${lowStockThreshold}`);
  const where = filters.length > 0 ? and(...filters) : undefined;

  // The page's ids are found and sorted on narrow rows; only those 25 are read whole and joined.
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...SORTS[sort])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [totals]] = await Promise.all([
    selectAdmin(db)
      .where(inArray(products.id, pageIds))
      .orderBy(...SORTS[sort]),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { data: rows.map(toAdminProduct), total: totals?.total ?? 0 };
}

/** One product whatever its status, or undefined. */
export async function findAdminProduct(db: Executor, id: string): Promise<AdminProduct | undefined> {
  const [row] = await selectAdmin(db).where(eq(products.id, id)).limit(1);
  return row ? toAdminProduct(row) : undefined;
}

/** One product whatever its status; 404 when unknown. */
export async function getAdminProduct(db: Executor, id: string): Promise<AdminProduct> {
  const product = await findAdminProduct(db, id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'PRODUCT_NOT_FOUND');
  return product;
}

/** The department named `name` (as `GET /api/categories/` answers it), or a 400 naming `category`. */
async function departmentOf(tx: Executor, name: string): Promise<{ id: string }> {
  const [department] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.slug}) = lower(${name})`)
    .limit(1);
  if (!department) throw badRequest(`category: no department is named ${JSON.stringify(name)}`, 'UNKNOWN_CATEGORY', 'category');
  return department;
}

/**
 * The department's subcategory named `name`, or its first when `name` is undefined; a 400
 * naming `subcategory` when the department has no such one.
 */
async function subcategoryOf(tx: Executor, departmentId: string, name: string | undefined): Promise<{ id: string }> {
  const [sub] = await tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(and(eq(subcategories.categoryId, departmentId), name === undefined ? undefined : sql`lower(${subcategories.slug}) = lower(${name})`))
    .orderBy(asc(subcategories.position))
    .limit(1);
  if (!sub) {
    throw badRequest(
      name === undefined ? 'subcategory: this department has no subcategories' : `subcategory: ${JSON.stringify(name)} is not a subcategory of this department`,
      'UNKNOWN_SUBCATEGORY',
      'subcategory',
    );
  }
  return sub;
}

/** A URL-safe slug from the English title with a random ending, so it is new (the column is unique). */
function newSlug(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'product'}-${randomBytes(4).toString('hex')}`;
}

/** The staff member making a change, as the audit log records them (`auditActorOf(request)`). */
export type StaffActor = AuditActor;

/** What the audit log keeps of a product: its fields, without timestamps or pictures (photos record apart). */
function auditedFields({ createdAt: _created, updatedAt: _updated, images: _images, ...fields }: AdminProduct) {
  return fields;
}

/**
 * Adds a product, in one transaction: its department and subcategory checked (400 naming
 * `category` / `subcategory`), a new slug, placed after every other product (so at the end of
 * its department's list), no photos, rating 0 with no reviews; its first stock recorded in the
 * ledger ('edit', from 0). Raises the catalog's version.
 */
export async function createProduct(db: Database, body: CreateProductBody, actor: StaffActor): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const department = await departmentOf(tx, body.category);
    const sub = await subcategoryOf(tx, department.id, body.subcategory);
    const [inserted] = await tx
      .insert(products)
      .values({
        id: sql`gen_random_uuid()`,
        slug: newSlug(body.title.en),
        categoryId: department.id,
        subcategoryId: sub.id,
        titleEn: body.title.en,
        titleAr: body.title.ar,
        descriptionEn: body.description.en,
        descriptionAr: body.description.ar,
        brandEn: body.brand.en,
        brandAr: body.brand.ar,
        priceCents: dollarsToCents(body.price),
        listPriceCents: body.listPrice == null ? null : dollarsToCents(body.listPrice),
        // Stock arrives through the ledger below, like every change of it.
        quantity: 0,
        ratingTenths: 0,
        reviewCount: 0,
        // A neutral drawing until the first photo arrives (decision 0035).
        thumbnail: PLACEHOLDER_IMAGE,
        images: [],
        position: sql`(select coalesce(max(${products.position}), 0) + 1 from ${products})`,
        status: body.status,
      })
      .returning({ id: products.id });
    if (!inserted) throw new Error('inserting a product returned no row');
    if (body.quantity > 0) {
      await lockProducts(tx, [inserted.id], 'en');
      await applyStockChanges(tx, [{ productId: inserted.id, delta: body.quantity }], 'edit', { staffId: actor.id });
    }
    await bumpCatalogVersion(tx);
    const product = await getAdminProduct(tx, inserted.id);
    const { _id: _ignored, ...fields } = auditedFields(product);
    await recordAudit(tx, actor, { action: 'product.create', entityType: 'product', entityId: product._id, after: fields });
    return product;
  });
}

/** Locks one product's row (as orders do) and answers what the edit checks; 404 when unknown. */
async function lockOne(tx: Transaction, id: string) {
  const [row] = await tx
    .select({ id: products.id, priceCents: products.priceCents, listPriceCents: products.listPriceCents, quantity: products.quantity, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!row) throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'PRODUCT_NOT_FOUND');
  return row;
}

/**
 * Changes what the body names, in one transaction with the product's row locked: `listPrice`
 * must stay above the price (the stored one when the body has none) → 400 `listPrice`; a new
 * `category` takes its first subcategory unless one is named; `status` may bring an archived
 * product back; a new `quantity` lands in the ledger as an 'edit' with the `reason`.
 */
export async function updateProduct(db: Database, id: string, body: UpdateProductBody, actor: StaffActor): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const current = await lockOne(tx, id);
    const was = await getAdminProduct(tx, id);
    const set: { [K in keyof typeof products.$inferInsert]?: (typeof products.$inferInsert)[K] | SQL } = {};
    if (body.title) Object.assign(set, { titleEn: body.title.en, titleAr: body.title.ar });
    if (body.description) Object.assign(set, { descriptionEn: body.description.en, descriptionAr: body.description.ar });
    if (body.brand) Object.assign(set, { brandEn: body.brand.en, brandAr: body.brand.ar });
    if (body.status) set.status = body.status;

    const priceCents = body.price === undefined ? current.priceCents : dollarsToCents(body.price);
    const listPriceCents = body.listPrice === undefined ? current.listPriceCents : body.listPrice === null ? null : dollarsToCents(body.listPrice);
    if (listPriceCents !== null && listPriceCents <= priceCents) {
      throw badRequest(`listPrice must be above price (${formatCents(priceCents)})`, 'VALIDATION_ERROR', 'listPrice');
    }
    if (body.price !== undefined) set.priceCents = priceCents;
    if (body.listPrice !== undefined) set.listPriceCents = listPriceCents;

    if (body.category !== undefined) {
      const department = await departmentOf(tx, body.category);
      set.categoryId = department.id;
      set.subcategoryId = (await subcategoryOf(tx, department.id, body.subcategory)).id;
      if (department.id !== current.categoryId) {
        // At the end of its new department's list, as a new product would be.
        set.position = sql`(select coalesce(max(${products.position}), 0) + 1 from ${products})`;
      }
    } else if (body.subcategory !== undefined) {
      set.subcategoryId = (await subcategoryOf(tx, current.categoryId, body.subcategory)).id;
    }

    await tx
      .update(products)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    if (body.quantity !== undefined && body.quantity !== current.quantity) {
      await applyStockChanges(tx, [{ productId: id, delta: body.quantity - current.quantity }], 'edit', {
        staffId: actor.id,
        reason: body.reason ?? null,
      });
    }
    await bumpCatalogVersion(tx);
    const product = await getAdminProduct(tx, id);
    const change = changedFields(auditedFields(was), auditedFields(product));
    if (change) await recordAudit(tx, actor, { action: 'product.update', entityType: 'product', entityId: id, ...change });
    return product;
  });
}

/** Archives a product (DELETE): gone from the shop, kept for the orders that name it and for the back office. */
export async function archiveProduct(db: Database, id: string, actor: StaffActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: products.status }).from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'PRODUCT_NOT_FOUND');
    await tx
      .update(products)
      .set({ status: 'archived', updatedAt: sql`now()` })
      .where(eq(products.id, id));
    await bumpCatalogVersion(tx);
    await recordAudit(tx, actor, { action: 'product.archive', entityType: 'product', entityId: id, before: { status: current.status }, after: { status: 'archived' } });
  });
}

export const NEGATIVE_STOCK_MESSAGE = (stock: number) => `Stock cannot go below 0: there are ${stock} in stock`;

/**
 * Changes a product's stock by `delta` (an adjustment with its reason), under the row lock orders
 * take, so adjustments and orders never lose a unit; below 0 → 409 and nothing changes.
 */
export async function adjustStock(db: Database, id: string, delta: number, reason: string, actor: StaffActor): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const current = await lockOne(tx, id);
    if (current.quantity + delta < 0) throw conflict(NEGATIVE_STOCK_MESSAGE(current.quantity), 'NEGATIVE_STOCK');
    await applyStockChanges(tx, [{ productId: id, delta }], 'adjustment', { staffId: actor.id, reason });
    await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, id));
    await bumpCatalogVersion(tx);
    await recordAudit(tx, actor, {
      action: 'stock.adjust',
      entityType: 'product',
      entityId: id,
      before: { quantity: current.quantity },
      after: { quantity: current.quantity + delta, delta, reason },
    });
    return getAdminProduct(tx, id);
  });
}

/** The product's latest stock changes (at most `STOCK_LEDGER_LIMIT`), oldest first; 404 when unknown. */
export async function stockLedgerOf(db: Database, id: string): Promise<StockLedgerEntry[]> {
  await getAdminProduct(db, id);
  const rows = await db
    .select({
      kind: stockLedger.kind,
      quantityBefore: stockLedger.quantityBefore,
      quantityAfter: stockLedger.quantityAfter,
      reason: stockLedger.reason,
      staffId: staff.id,
      staffName: staff.name,
      orderId: stockLedger.orderId,
      createdAt: stockLedger.createdAt,
    })
    .from(stockLedger)
    .leftJoin(staff, eq(staff.id, stockLedger.staffId))
    .where(eq(stockLedger.productId, id))
    .orderBy(desc(stockLedger.seq))
    .limit(STOCK_LEDGER_LIMIT);
  return rows.reverse().map((row) => ({
    kind: row.kind as StockLedgerEntry['kind'], // written only by applyStockChanges, from StockLedgerKind
    quantityBefore: row.quantityBefore,
    quantityAfter: row.quantityAfter,
    reason: row.reason,
    staff: row.staffId === null ? null : { _id: row.staffId, name: row.staffName ?? '' },
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  }));
}
