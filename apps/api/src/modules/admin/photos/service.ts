import type { AdminProduct } from '@dukkan/contracts/admin-products';
import { and, eq, sql } from 'drizzle-orm';

import type { Database, Transaction } from '../../../db/client';
import { photoVariants, productPhotos, products } from '../../../db/schema';
import { bumpCatalogVersion } from '../../../lib/catalog-version';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { findAdminProduct } from '../products/service';

import { photoHashOf, photoUrl, thumbnailOf } from './photo-urls';
import type { ProcessedPhoto } from './process-photo';

/** Pictures one product may have. */
export const MAX_PHOTOS_PER_PRODUCT = 20;

export const PRODUCT_NOT_FOUND = 'Product not found';

/** The product's pictures under its row lock (the rest of the transaction may change them). */
async function lockImages(tx: Transaction, productId: string): Promise<string[]> {
  const [row] = await tx.select({ images: products.images }).from(products).where(eq(products.id, productId)).for('update').limit(1);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row.images;
}

/** Writes the product's new pictures, and the audit record of the change ('product.photo', the pictures before and after). */
async function saveImages(tx: Transaction, productId: string, before: string[], images: string[], actor: AuditActor): Promise<void> {
  await tx
    .update(products)
    .set({ images, thumbnail: thumbnailOf(images), updatedAt: sql`now()` })
    .where(eq(products.id, productId));
  // Shoppers' caches and pages follow on every process (decision 0034).
  await bumpCatalogVersion(tx);
  await recordAudit(tx, actor, { action: 'product.photo', entityType: 'product', entityId: productId, before: { images: before }, after: { images } });
}

async function answer(tx: Transaction, productId: string): Promise<AdminProduct> {
  const product = await findAdminProduct(tx, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** Adds a checked, resized photo at the end of the product's pictures. */
export async function addPhoto(db: Database, productId: string, photo: ProcessedPhoto, actor: AuditActor): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const images = await lockImages(tx, productId);
    const url = photoUrl(photo.hash);
    if (images.includes(url)) throw conflict('The product already has this photo', 'PHOTO_EXISTS');
    if (images.length >= MAX_PHOTOS_PER_PRODUCT) throw conflict(`A product has at most ${MAX_PHOTOS_PER_PRODUCT} pictures`, 'TOO_MANY_PHOTOS');
    // The same picture on another product is stored once.
    await tx
      .insert(photoVariants)
      .values([...photo.variants].map(([width, v]) => ({ hash: photo.hash, width, height: v.height, bytes: v.bytes })))
      .onConflictDoNothing();
    await tx.insert(productPhotos).values({ productId, hash: photo.hash }).onConflictDoNothing();
    await saveImages(tx, productId, images, [...images, url], actor);
    return answer(tx, productId);
  });
}

/**
 * Removes one picture: `ref` is its 0-based index in `images`, or an uploaded photo's hash.
 * A photo no product shows now is deleted with its bytes.
 */
export async function removePhoto(db: Database, productId: string, ref: string, actor: AuditActor): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const images = await lockImages(tx, productId);
    const index = /^\d{1,3}$/.test(ref) ? Number(ref) : images.findIndex((url) => photoHashOf(url) === ref);
    const url = images[index];
    if (url === undefined) throw notFound('The product has no such picture', 'PHOTO_NOT_FOUND');
    const hash = photoHashOf(url);
    if (hash) {
      await tx.delete(productPhotos).where(and(eq(productPhotos.productId, productId), eq(productPhotos.hash, hash)));
      const [stillShown] = await tx.select({ hash: productPhotos.hash }).from(productPhotos).where(eq(productPhotos.hash, hash)).limit(1);
      if (!stillShown) await tx.delete(photoVariants).where(eq(photoVariants.hash, hash));
    }
    await saveImages(
      tx,
      productId,
      images,
      images.filter((_, i) => i !== index),
      actor,
    );
    return answer(tx, productId);
  });
}

/**
 * Puts the pictures in a new order: `order` lists every current picture once, by its 0-based
 * index or by its URL. The first becomes the thumbnail.
 */
export async function reorderPhotos(db: Database, productId: string, order: readonly (number | string)[], actor: AuditActor): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const images = await lockImages(tx, productId);
    const reordered = order.map((item) => (typeof item === 'number' ? images[item] : images.find((url) => url === item)));
    const complete = order.length === images.length && new Set(reordered).size === images.length && reordered.every((url) => url !== undefined);
    if (!complete) throw badRequest(`order must list each of the product's ${images.length} pictures once (by index or URL)`, 'VALIDATION_ERROR', 'order');
    await saveImages(
      tx,
      productId,
      images,
      reordered.filter((url): url is string => url !== undefined),
      actor,
    );
    return answer(tx, productId);
  });
}
