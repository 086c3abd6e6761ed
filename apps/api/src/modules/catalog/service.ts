import type { AislePageResponse } from '@dukkan/contracts/aisle';
import type { Product, ProductDetail, Category, Subcategory } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { categories, products, subcategories } from '../../db/schema';

import { readDepartmentAisle, type AisleMemo, type AisleRequest } from './aisle';
import { isBestSeller } from './best-sellers';
import { productColumns, toProduct } from './product-row';

export interface Page<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
}

interface PageRequest {
  page: number;
  pageSize: number;
}

/** Only published products reach shoppers; drafts and archived ones are the back office's. */
export const isPublished = eq(products.status, 'published');

function selectProducts(db: Database) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id));
}

/**
 * One page of the published products `filter` picks, in catalog order. The page's ids are found
 * first on narrow rows, then those products are read whole: the offset skips index entries and
 * ids, not every earlier product with its texts, so a deep page of a big catalog stays cheap.
 */
function pageInCatalogOrder(db: Database, filter: SQL | undefined, { page, pageSize }: PageRequest) {
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(filter)
    .orderBy(asc(products.position), asc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return selectProducts(db).where(inArray(products.id, pageIds)).orderBy(asc(products.position), asc(products.id));
}

/**
 * All departments in menu order. A table's `slug` is the answer's `name` (the key clients route
 * by) and its `name_en`/`name_ar` the answer's `label` (docs/decisions/0014).
 */
export async function listCategories(db: Database, lng: Language): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position));
  return rows.map((c) => ({ _id: c.id, name: c.slug, label: lng === 'ar' ? c.nameAr : c.nameEn, image: c.image }));
}

/** Every published product, in catalog order, one page at a time. */
/**
 * Remembers a list's total for a while (the catalog routes pass their answer cache's, so the
 * thousand pages of a big catalog count its products once, not once each); by default every
 * call counts.
 */
export type CountMemo = (key: string, count: () => Promise<number>) => Promise<number>;
const countEveryTime: CountMemo = (_key, count) => count();

async function countProducts(db: Database, filter: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(filter);
  return row?.total ?? 0;
}

export async function listProducts(db: Database, lng: Language, { page, pageSize }: PageRequest, remember: CountMemo = countEveryTime): Promise<Page<Product>> {
  const [rows, total] = await Promise.all([
    pageInCatalogOrder(db, isPublished, { page, pageSize }),
    remember('published', () => countProducts(db, isPublished)),
  ]);
  return { data: rows.map((r) => toProduct(r, lng)), page, pageSize, total };
}

/** One published product with whether it is a best seller, or undefined when no published product has that id. */
export async function getProduct(db: Database, lng: Language, id: string): Promise<ProductDetail | undefined> {
  const [row] = await db
    .select({ ...productColumns, bestSeller: isBestSeller(products.id) })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(and(eq(products.id, id), isPublished))
    .limit(1);
  return row ? { ...toProduct(row, lng), bestSeller: row.bestSeller === true } : undefined;
}

/**
 * A department's aisle by its name (matched case-insensitively, as links and old bookmarks spell
 * it either way): its published products narrowed by `request`'s filters, in its order, one page
 * with the facets, from what is kept of it ahead of time (aisle.ts). Undefined when no such department.
 */
export function listDepartmentAisle(db: Database, lng: Language, categoryName: string, request: AisleRequest, memo?: AisleMemo): Promise<AislePageResponse | undefined> {
  return readDepartmentAisle(db, lng, categoryName, request, memo);
}

/** All subcategories, grouped by department order, one page at a time. */
export async function listSubcategories(db: Database, lng: Language, { page, pageSize }: PageRequest): Promise<Page<Subcategory>> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: subcategories.id,
        name: subcategories.slug,
        labelEn: subcategories.nameEn,
        labelAr: subcategories.nameAr,
        image: subcategories.image,
        category: categories.slug,
      })
      .from(subcategories)
      .innerJoin(categories, eq(subcategories.categoryId, categories.id))
      .orderBy(asc(categories.position), asc(subcategories.position))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(subcategories),
  ]);
  return {
    data: rows.map((s) => ({
      _id: s.id,
      name: s.name,
      label: lng === 'ar' ? s.labelAr : s.labelEn,
      image: s.image,
      category: s.category,
    })),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}
