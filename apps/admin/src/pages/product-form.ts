import { BRAND_MAX, DESCRIPTION_MAX, PRICE_MAX, QUANTITY_MAX, TITLE_MAX, type AdminProduct, type CreateProductBody, type UpdateProductBody } from '@dukkan/contracts/admin-products';

/** The editor's fields: the inputs' strings, turned into the API's body on save. */
export interface ProductFields {
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  brandEn: string;
  brandAr: string;
  price: string;
  listPrice: string;
  category: string;
  subcategory: string;
  /** `archived` only for a product DELETE archived: shown, never sent back (an edit may publish or draft it). */
  status: 'draft' | 'published' | 'archived';
  quantity: string;
  reason: string;
}
export type FieldName = keyof ProductFields;

export const EMPTY_PRODUCT: ProductFields = {
  titleEn: '',
  titleAr: '',
  descriptionEn: '',
  descriptionAr: '',
  brandEn: '',
  brandAr: '',
  price: '',
  listPrice: '',
  category: '',
  subcategory: '',
  status: 'draft',
  quantity: '0',
  reason: '',
};

export const LIMITS = { title: TITLE_MAX, description: DESCRIPTION_MAX, brand: BRAND_MAX } as const;

/** Dollars with at most two decimals, above 0 and within the API's bound. */
export function isPrice(text: string): boolean {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return false;
  const value = Number(text);
  return value > 0 && value <= PRICE_MAX;
}
export function isQuantity(text: string): boolean {
  return /^\d+$/.test(text.trim()) && Number(text) <= QUANTITY_MAX;
}

export function fieldsOf(product: AdminProduct): ProductFields {
  return {
    titleEn: product.title.en,
    titleAr: product.title.ar,
    descriptionEn: product.description.en,
    descriptionAr: product.description.ar,
    brandEn: product.brand.en,
    brandAr: product.brand.ar,
    price: product.price.toFixed(2),
    listPrice: product.listPrice == null ? '' : product.listPrice.toFixed(2),
    category: product.category,
    subcategory: product.subcategory,
    status: product.status,
    quantity: String(product.quantity),
    reason: '',
  };
}

export function createBodyOf(fields: ProductFields): CreateProductBody {
  return {
    title: { en: fields.titleEn.trim(), ar: fields.titleAr.trim() },
    description: { en: fields.descriptionEn.trim(), ar: fields.descriptionAr.trim() },
    brand: { en: fields.brandEn.trim(), ar: fields.brandAr.trim() },
    category: fields.category,
    ...(fields.subcategory ? { subcategory: fields.subcategory } : {}),
    price: Number(fields.price),
    listPrice: fields.listPrice.trim() === '' ? null : Number(fields.listPrice),
    quantity: Number(fields.quantity),
    status: fields.status === 'published' ? 'published' : 'draft',
  };
}

/** The PATCH of an edit: every field, the quantity (with its reason) only when it changed. */
export function updateBodyOf(fields: ProductFields, stored: AdminProduct): UpdateProductBody {
  const { quantity, status, ...rest } = createBodyOf(fields);
  const body: UpdateProductBody = rest;
  if (fields.status !== 'archived') body.status = status;
  if (quantity !== stored.quantity) {
    body.quantity = quantity;
    if (fields.reason.trim()) body.reason = fields.reason.trim();
  }
  return body;
}

/** The editor's field for a JSON path the API names in a 400 (`title.ar` → `titleAr`). */
export function fieldOfPath(path: string): FieldName | null {
  const map: Record<string, FieldName> = {
    title: 'titleEn',
    description: 'descriptionEn',
    brand: 'brandEn',
    'title.en': 'titleEn',
    'title.ar': 'titleAr',
    'description.en': 'descriptionEn',
    'description.ar': 'descriptionAr',
    'brand.en': 'brandEn',
    'brand.ar': 'brandAr',
    price: 'price',
    listPrice: 'listPrice',
    category: 'category',
    subcategory: 'subcategory',
    status: 'status',
    quantity: 'quantity',
    reason: 'reason',
  };
  return map[path] ?? null;
}
