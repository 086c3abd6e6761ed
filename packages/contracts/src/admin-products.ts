import { z } from 'zod';

import { dataSchema, IdSchema, MAX_PAGE, MAX_PAGE_SIZE } from './common';
import { dollarsToCents } from './money';

/*
 * The back office's products (issue #20). Amounts are dollars with at most two decimals (stored
 * as integer cents); texts are plain text in both languages, stored as typed and always shown as
 * text. A 400 names the field by its JSON path (`listPrice`, `title.ar`).
 */

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export const ProductStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;
/** What a create or an edit may set; `archived` is reached only by DELETE. */
export const EditableStatusSchema = z.enum(['draft', 'published'], { message: "status must be 'draft' or 'published'" });

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const BRAND_MAX = 100;
export const PRICE_MAX = 1_000_000;
export const QUANTITY_MAX = 1_000_000;
export const REASON_MAX = 200;

/** Text that is not only spaces, at most `max` characters, stored trimmed. */
const text = (max: number, what: string) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, { message: `${what} is required` })
    .max(max, { message: `${what} must be at most ${max} characters` });

/** English and Arabic; a message names the field by its JSON path (`title.ar is required`). */
const bilingual = (max: number, what: string) =>
  z.object({ en: text(max, `${what}.en`), ar: text(max, `${what}.ar`) }, { message: `${what} needs en and ar` }).strict();

/** Whole cents in `value` dollars, when it has at most two decimals. */
export function dollarsHaveCents(value: number): boolean {
  return Math.abs(dollarsToCents(value) - value * 100) < 1e-6;
}

const dollars = (what: string) =>
  z
    .number({ message: `${what} must be a number of dollars` })
    .positive({ message: `${what} must be above 0` })
    .max(PRICE_MAX, { message: `${what} must be at most ${PRICE_MAX}` })
    .refine(dollarsHaveCents, { message: `${what} must have at most 2 decimals` });

export const StockQuantitySchema = z
  .number({ message: 'quantity must be a whole number from 0' })
  .int({ message: 'quantity must be a whole number from 0' })
  .min(0, { message: 'quantity must be a whole number from 0' })
  .max(QUANTITY_MAX, { message: `quantity must be at most ${QUANTITY_MAX}` });

const productFields = {
  title: bilingual(TITLE_MAX, 'title'),
  description: bilingual(DESCRIPTION_MAX, 'description'),
  brand: bilingual(BRAND_MAX, 'brand'),
  /** A department's `name` as `GET /api/categories/` answers it (`Grocery`, `electronics`, ...). */
  category: z.string({ message: 'category is required' }).min(1, { message: 'category is required' }).max(100),
  /** A key (`name`) of that department's subcategories; default: its first. */
  subcategory: z.string().min(1).max(100).optional(),
  price: dollars('price'),
  /** The compare-at price, above `price`, or null when the product is not reduced. */
  listPrice: dollars('listPrice').nullable().optional(),
  quantity: StockQuantitySchema,
  status: EditableStatusSchema,
};

/** `POST /api/admin/products`. */
export const CreateProductBodySchema = z
  .object(productFields)
  .strict()
  .superRefine((body, ctx) => {
    if (body.listPrice != null && body.listPrice <= body.price) {
      ctx.addIssue({ code: 'custom', path: ['listPrice'], message: 'listPrice must be above price' });
    }
  });
export type CreateProductBody = z.infer<typeof CreateProductBodySchema>;

/**
 * `PATCH /api/admin/products/{id}`: a subset of the fields. `reason` goes to the stock ledger with a new
 * `quantity`. Whether `listPrice` stays above `price` is checked against the stored product.
 */
export const UpdateProductBodySchema = z
  .object({
    ...productFields,
    reason: z.string().trim().max(REASON_MAX, { message: `reason must be at most ${REASON_MAX} characters` }).optional(),
  })
  .partial()
  .strict();
export type UpdateProductBody = z.infer<typeof UpdateProductBodySchema>;

/** An adjustment of stock by a delta, with its reason (the editor's "adjust stock"). */
export const StockAdjustmentBodySchema = z
  .object({
    delta: z
      .number({ message: 'delta must be a whole number' })
      .int({ message: 'delta must be a whole number' })
      .min(-QUANTITY_MAX)
      .max(QUANTITY_MAX)
      .refine((d) => d !== 0, { message: 'delta must not be 0' }),
    reason: text(REASON_MAX, 'reason'),
  })
  .strict();
export type StockAdjustmentBody = z.infer<typeof StockAdjustmentBodySchema>;

const localized = z.object({ en: z.string(), ar: z.string() });

/** A product as the back office sees it: the fields as sent, plus its id, photos and times. */
export const AdminProductSchema = z.object({
  _id: IdSchema,
  title: localized,
  description: localized,
  brand: localized,
  category: z.string(),
  subcategory: z.string(),
  price: z.number(),
  listPrice: z.number().nullable(),
  quantity: z.number().int(),
  status: ProductStatusSchema,
  /** Photo URLs; the first is the thumbnail. */
  images: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductResponseSchema = dataSchema(AdminProductSchema);
export type AdminProductResponse = z.infer<typeof AdminProductResponseSchema>;

export const AdminProductSortSchema = z.enum(['title', '-title', 'price', '-price', 'quantity', '-quantity', 'updatedAt', '-updatedAt', 'createdAt', '-createdAt', 'position']);

/** `GET /api/admin/products?q=&category=&status=&stock=&sort=&page=&pageSize=`. */
export const AdminProductListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.string().max(100).optional(),
  status: ProductStatusSchema.optional(),
  stock: z.enum(['low', 'out']).optional(),
  sort: AdminProductSortSchema.default('-updatedAt'),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>;

export const AdminProductListResponseSchema = z.object({ data: z.array(AdminProductSchema), total: z.number().int() });
export type AdminProductListResponse = z.infer<typeof AdminProductListResponseSchema>;


/**
 * The header the export writes, and the one an import takes besides PRODUCT_CSV_COLUMNS (below): the
 * optional `subcategory` after `category`, one of that department's subcategory keys (`name` in
 * `GET /api/subcategories`, `electronics-tablets`; the admin products API's `subcategory`).
 * Empty, a new product goes to its department's first subcategory and an updated one keeps its
 * own (or, moved to another department, takes that department's first).
 */
export const PRODUCT_CSV_EXPORT_COLUMNS = [
  'id',
  'category',
  'subcategory',
  'status',
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'brand_en',
  'brand_ar',
  'price',
  'list_price',
  'quantity',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number];

/**
 * The columns every product CSV has, in this order: the export's without `subcategory`. A file
 * made before `subcategory` existed has exactly these and imports as it did then. `category` is a
 * department's key (`name` in `GET /api/categories/`: `Grocery`, `electronics`, `Patio&Garden`,
 * `Auto&tires`, …).
 */
export const PRODUCT_CSV_COLUMNS = PRODUCT_CSV_EXPORT_COLUMNS.filter((column): column is Exclude<ProductCsvColumn, 'subcategory'> => column !== 'subcategory');

/**
 * What is wrong with an import's cell, row or file: a client words it in its own language from the
 * code, the column and the params (the back office does); `message` is the API's wording.
 */
export const IMPORT_ERROR_CODES = [
  // The file
  'notUtf8',
  'emptyFile',
  'quoteNotClosed',
  'badQuote',
  'rowTooLong',
  'notCsv',
  // The header row
  'headerColumn',
  'headerMissing',
  'headerExtra',
  // A row
  'columnCount',
  'nulCharacter',
  'unpairedSurrogate',
  'idInvalid',
  'idUnknown',
  'idRepeated',
  'statusInvalid',
  'statusArchivedNew',
  'required',
  'tooLong',
  'priceFormat',
  'listPriceFormat',
  'priceCents',
  'notPositive',
  'tooHigh',
  'listPriceNotAbovePrice',
  'quantityFormat',
  'categoryUnknown',
  'subcategoryUnknown',
  'invalid',
] as const;
export const ImportErrorCodeSchema = z.enum(IMPORT_ERROR_CODES);
export type ImportErrorCode = z.infer<typeof ImportErrorCodeSchema>;

/** The values an import error's message names besides its column; a list is joined in the reader's language. */
export const ImportErrorParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]));
export type ImportErrorParams = z.infer<typeof ImportErrorParamsSchema>;

/**
 * One refused row of an import: `line` counts from 1 with the header as line 1; `column` is the
 * header's name (`title_ar`), and messages name the column so too. `message` is in the request's
 * language (`?lng=`, the `lng` header, the `i18next` cookie; English by default). `code` and
 * `params` are absent only on errors an import recorded before they existed.
 */
export const ImportErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
  code: ImportErrorCodeSchema.optional(),
  params: ImportErrorParamsSchema.optional(),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;
export const ImportErrorResponseSchema = z.object({ errors: z.array(ImportErrorSchema) });
export type ImportErrorResponse = z.infer<typeof ImportErrorResponseSchema>;
/** What an import created and updated (or a dry run would). */
export const ImportCountsSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type ImportCounts = z.infer<typeof ImportCountsSchema>;
/** The 200 of a synchronous import or dry run. */
export const ImportResultSchema = dataSchema(ImportCountsSchema);
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** Why stock changed, as the ledger records it. */
export const STOCK_LEDGER_KINDS = ['edit', 'adjustment', 'order', 'cancellation', 'expiry', 'import', 'restock'] as const;
export const StockLedgerKindSchema = z.enum(STOCK_LEDGER_KINDS);
export type StockLedgerKind = z.infer<typeof StockLedgerKindSchema>;

/** One change of a product's stock: who (a staff member) or which order, when, from what to what. */
export const StockLedgerEntrySchema = z.object({
  kind: StockLedgerKindSchema,
  quantityBefore: z.number().int(),
  quantityAfter: z.number().int(),
  reason: z.string().nullable(),
  staff: z.object({ _id: IdSchema, name: z.string() }).nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type StockLedgerEntry = z.infer<typeof StockLedgerEntrySchema>;

/** `GET /api/admin/products/{id}/stock-ledger`: the latest changes, oldest first (each `quantityAfter` is the next one's `quantityBefore`). */
export const StockLedgerResponseSchema = z.object({ data: z.array(StockLedgerEntrySchema) });
export type StockLedgerResponse = z.infer<typeof StockLedgerResponseSchema>;

/** The most ledger rows one answer holds: the latest. */
export const STOCK_LEDGER_LIMIT = 1000;

export const AdminProductParamsSchema = z.object({ id: IdSchema });
export type AdminProductParams = z.infer<typeof AdminProductParamsSchema>;

/** `DELETE /api/admin/products/{id}/images/{image}`. */
export const PhotoParamsSchema = z.object({
  id: IdSchema,
  /** The picture's 0-based index in `images`, or an uploaded photo's hash (the 32 hex digits of its URL). */
  image: z.string().regex(/^(\d{1,3}|[0-9a-f]{32})$/, { message: 'image must be an index in images or a photo hash' }),
});
export type PhotoParams = z.infer<typeof PhotoParamsSchema>;

/** `PUT /api/admin/products/{id}/images`: the product's pictures in a new order. */
export const ReorderPhotosBodySchema = z
  .object({
    /** Every current picture once, in the new order: all by 0-based index, or all by URL. */
    order: z.union([z.array(z.number().int().min(0).max(999)).max(100), z.array(z.string().max(300)).max(100)], {
      message: 'order must be a list of indexes or of image URLs',
    }),
  })
  .strict();
export type ReorderPhotosBody = z.infer<typeof ReorderPhotosBodySchema>;
