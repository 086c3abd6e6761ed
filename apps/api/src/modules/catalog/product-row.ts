import type { Product } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';
import { centsToDollars, optionalCentsToDollars } from '@dukkan/contracts/money';

import { categories, products, subcategories } from '../../db/schema';

/**
 * The columns every answer about a product starts from, the shopper's and the back office's:
 * its id, texts in both languages, prices in cents and stock.
 */
export function productCoreColumns() {
  return {
    id: products.id,
    titleEn: products.titleEn,
    titleAr: products.titleAr,
    descriptionEn: products.descriptionEn,
    descriptionAr: products.descriptionAr,
    brandEn: products.brandEn,
    brandAr: products.brandAr,
    priceCents: products.priceCents,
    listPriceCents: products.listPriceCents,
    quantity: products.quantity,
  };
}

/** A product's core values as `productCoreColumns` reads them (and as the back office writes them). */
export interface ProductCoreValues {
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  brandEn: string;
  brandAr: string;
  priceCents: number;
  listPriceCents: number | null;
  quantity: number;
}

/**
 * The columns a `Product` is made of; select them with products joined to their department
 * (categories) and subcategory. Shared by every query that answers products.
 */
export const productColumns = {
  ...productCoreColumns(),
  ratingTenths: products.ratingTenths,
  reviewCount: products.reviewCount,
  thumbnail: products.thumbnail,
  images: products.images,
  // The tables' slugs are the answers' names (keys); their names are the answers' labels.
  categoryName: categories.slug,
  categoryLabelEn: categories.nameEn,
  categoryLabelAr: categories.nameAr,
  /** Stands in for the thumbnail of a product without photos (one made in the back office). */
  categoryImage: categories.image,
  subcategoryName: subcategories.slug,
};

/** What a selected column holds: its data type, or null as well when the column is nullable. */
type ColumnValue<C> = C extends { _: { data: infer D; notNull: infer N } } ? (N extends true ? D : D | null) : never;

export type ProductRow = { [K in keyof typeof productColumns]: ColumnValue<(typeof productColumns)[K]> };

/**
 * The thumbnail shoppers see: the first photo, or for a product without photos (a new one from
 * the back office) its department's picture, which `/images/*` serves (decision 0034).
 */
export function shopperThumbnail(thumbnail: string, categoryImage: string | null): string {
  return thumbnail !== '' ? thumbnail : (categoryImage ?? '');
}

/** One row of `productColumns` as the contract's `Product`, text in `lng`, prices in dollars. */
export function toProduct(row: ProductRow, lng: Language): Product {
  const ar = lng === 'ar';
  return {
    _id: row.id,
    title: ar ? row.titleAr : row.titleEn,
    description: ar ? row.descriptionAr : row.descriptionEn,
    price: centsToDollars(row.priceCents),
    listPrice: optionalCentsToDollars(row.listPriceCents),
    thumbnail: shopperThumbnail(row.thumbnail, row.categoryImage),
    images: row.images,
    category: row.categoryName,
    categoryLabel: ar ? row.categoryLabelAr : row.categoryLabelEn,
    subcategory: row.subcategoryName,
    brand: ar ? row.brandAr : row.brandEn,
    quantity: row.quantity,
    rating: row.ratingTenths / 10,
    reviewCount: row.reviewCount,
  };
}
