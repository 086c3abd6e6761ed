import type { AdminProduct } from '@dukkan/contracts/admin-products';
import { eq } from 'drizzle-orm';

import type { Executor } from '../../../db/client';
import { categories, products, subcategories } from '../../../db/schema';

/*
 * TODO(merge): a stand-in for helper B's admin product reader (modules/admin/products). When
 * merging, replace `readAdminProductForPhotos` by B's function and delete this file.
 */

const adminProductColumns = {
  id: products.id,
  titleEn: products.titleEn,
  titleAr: products.titleAr,
  descriptionEn: products.descriptionEn,
  descriptionAr: products.descriptionAr,
  brandEn: products.brandEn,
  brandAr: products.brandAr,
  category: categories.slug,
  subcategory: subcategories.slug,
  priceCents: products.priceCents,
  listPriceCents: products.listPriceCents,
  quantity: products.quantity,
  status: products.status,
  images: products.images,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/** One product as the back office's answer has it (AdminProductSchema), or undefined. */
export async function readAdminProductForPhotos(db: Executor, id: string): Promise<AdminProduct | undefined> {
  const [row] = await db
    .select(adminProductColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return undefined;
  return {
    _id: row.id,
    title: { en: row.titleEn, ar: row.titleAr },
    description: { en: row.descriptionEn, ar: row.descriptionAr },
    brand: { en: row.brandEn, ar: row.brandAr },
    category: row.category,
    subcategory: row.subcategory,
    price: row.priceCents / 100,
    listPrice: row.listPriceCents === null ? null : row.listPriceCents / 100,
    quantity: row.quantity,
    status: row.status,
    images: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
