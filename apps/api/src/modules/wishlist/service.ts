import type { Language } from '@dukkan/contracts/common';
import { centsToDollars } from '@dukkan/contracts/money';
import type { WishList } from '@dukkan/contracts/wish';
import { and, desc, eq, sql } from 'drizzle-orm';

import type { Database, Executor } from '../../db/client';
import { categories, products, wishlistItems } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { shopperThumbnail } from '../catalog/product-row';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

/** Only published products are shoppers' to list: a draft or archived one is a 404 like an unknown one. */
const isPublished = eq(products.status, 'published');

async function assertProductExists(db: Executor, productId: string): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), isPublished));
  if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'PRODUCT_NOT_FOUND');
}

/** The shopper's wish list, newest first, product texts in `lng` and prices in dollars. */
export async function getWishList(db: Executor, userId: string, lng: Language): Promise<WishList> {
  const ar = lng === 'ar';
  const rows = await db
    .select({
      _id: products.id,
      title: ar ? products.titleAr : products.titleEn,
      thumbnail: products.thumbnail,
      categoryImage: categories.image,
      description: ar ? products.descriptionAr : products.descriptionEn,
      priceCents: products.priceCents,
      quantity: products.quantity,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    // Products no longer published are left out while they are (kept: back when published again).
    .innerJoin(products, and(eq(products.id, wishlistItems.productId), isPublished))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
  return {
    items: rows.map(({ priceCents, addedAt, thumbnail, categoryImage, ...product }) => ({
      product: { ...product, thumbnail: shopperThumbnail(thumbnail, categoryImage), price: centsToDollars(priceCents) },
      addedAt: addedAt.toISOString(),
    })),
  };
}

/**
 * Puts a product on the shopper's wish list, in one statement; a product already there keeps its
 * place (and its `addedAt`). Unknown product: 404, nothing changes. Answers the whole list.
 */
export async function addToWishList(db: Database, userId: string, productId: string, lng: Language): Promise<WishList> {
  const added = await db
    .insert(wishlistItems)
    .select(
      db
        .select({ userId: sql<string>`${userId}::uuid`.as('user_id'), productId: products.id, addedAt: sql<Date>`now()`.as('added_at') })
        .from(products)
        .where(and(eq(products.id, productId), isPublished)),
    )
    .onConflictDoNothing()
    .returning({ productId: wishlistItems.productId });
  // Nothing inserted: already on the list, or no such product.
  if (added.length === 0) await assertProductExists(db, productId);
  return getWishList(db, userId, lng);
}

/**
 * Takes a product off the shopper's wish list; a product of the catalog that is not on the list
 * changes nothing, an unknown product is a 404. Answers the whole list.
 */
export async function removeFromWishList(db: Database, userId: string, productId: string, lng: Language): Promise<WishList> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length === 0) await assertProductExists(db, productId);
  return getWishList(db, userId, lng);
}
