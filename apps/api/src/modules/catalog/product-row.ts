import type { Product } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';

import { categories, products, subcategories } from '../../db/schema';

/**
 * The columns a `Product` is made of; select them with products joined to their department
 * (categories) and subcategory. Shared by every query that answers products.
 */
export const productColumns = {
  id: products.id,
  titleEn: products.titleEn,
  titleAr: products.titleAr,
  descriptionEn: products.descriptionEn,
  descriptionAr: products.descriptionAr,
  brandEn: products.brandEn,
  brandAr: products.brandAr,
  priceCents: products.priceCents,
  quantity: products.quantity,
  ratingTenths: products.ratingTenths,
  reviewCount: products.reviewCount,
  thumbnail: products.thumbnail,
  images: products.images,
  categorySlug: categories.slug,
  categoryNameEn: categories.nameEn,
  categoryNameAr: categories.nameAr,
  subcategorySlug: subcategories.slug,
};

export type ProductRow = { [K in keyof typeof productColumns]: (typeof productColumns)[K]['_']['data'] };

/** One row of `productColumns` as the contract's `Product`, text in `lng`, price in dollars. */
export function toProduct(row: ProductRow, lng: Language): Product {
  const ar = lng === 'ar';
  return {
    _id: row.id,
    title: ar ? row.titleAr : row.titleEn,
    description: ar ? row.descriptionAr : row.descriptionEn,
    price: row.priceCents / 100,
    thumbnail: row.thumbnail,
    images: row.images,
    category: row.categorySlug,
    categoryName: ar ? row.categoryNameAr : row.categoryNameEn,
    subcategory: row.subcategorySlug,
    brand: ar ? row.brandAr : row.brandEn,
    quantity: row.quantity,
    rating: row.ratingTenths / 10,
    reviewCount: row.reviewCount,
  };
}
