import type { DepartmentName } from '@dukkan/contracts/catalog';

/** A text in both of the shop's languages. */
export interface LocalizedText {
  en: string;
  ar: string;
}

export interface SeedCategory {
  /** Route key and the spec's category name, e.g. `Patio&Garden`. */
  slug: DepartmentName;
  name: LocalizedText;
  /** Path under /images, e.g. `/images/categories/grocery.svg`. */
  image: string;
  /** Order in menus and sliders, 0-based. */
  position: number;
}

export interface SeedSubcategory {
  /** Unique across the catalog, kebab-case ASCII, e.g. `grocery-fresh-produce`. */
  slug: string;
  categorySlug: DepartmentName;
  name: LocalizedText;
  image: string;
}

export interface SeedProduct {
  /** Unique across the catalog, kebab-case ASCII; the product's id is derived from it. */
  slug: string;
  categorySlug: DepartmentName;
  subcategorySlug: string;
  title: LocalizedText;
  description: LocalizedText;
  brand: LocalizedText;
  /** Price in integer cents (minor units of USD). */
  priceCents: number;
  /** Compare-at price in cents ('Was $X'), above `priceCents`; null when not reduced. */
  listPriceCents: number | null;
  /** Units in stock, 0 or more. */
  quantity: number;
  /** Path under /images; the first entry of `images` too. */
  thumbnail: string;
  /** At least 3 gallery image paths under /images. */
  images: string[];
  /** When the product was created; absent: when it is loaded. */
  createdAt?: Date;
}

export interface SeedCatalog {
  categories: SeedCategory[];
  subcategories: SeedSubcategory[];
  products: SeedProduct[];
}
