import { CreateProductBodySchema, UpdateProductBodySchema, type AdminProduct, type CreateProductBody, type UpdateProductBody } from '@dukkan/contracts/admin-products';

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

/** An amount typed as plain decimal digits (`12`, `12.50`), else NaN: `1e3`, `0x10`, `.5` and `12.` are not amounts the editor takes. */
function decimalOf(text: string): number {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A whole number typed as digits, else NaN. */
function wholeOf(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Whether a typed price is one the API takes: dollars above 0, with at most 2 decimals, within its bound. */
export function isPrice(text: string): boolean {
  return CreateProductBodySchema.shape.price.safeParse(decimalOf(text)).success;
}

/** What the editor checks before saving: the product as the API creates one, and an edit's reason for a new quantity. */
export const ProductFormContract = CreateProductBodySchema.safeExtend({ reason: UpdateProductBodySchema.shape.reason });

/**
 * The editor's fields as `ProductFormContract` checks them. A price the API would refuse is
 * checked as no number, so the list price is then checked on its own, not against a wrong price.
 */
export function checkedBodyOf(fields: ProductFields, editing: boolean): CreateProductBody & { reason?: string } {
  const body = createBodyOf(fields);
  return { ...body, price: isPrice(fields.price) ? body.price : Number.NaN, ...(editing ? { reason: fields.reason } : {}) };
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
    price: decimalOf(fields.price),
    listPrice: fields.listPrice.trim() === '' ? null : decimalOf(fields.listPrice),
    quantity: wholeOf(fields.quantity),
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

/** The editor's field for a JSON path the API names in a 400, or the contract in a problem (`title.ar` → `titleAr`). */
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
