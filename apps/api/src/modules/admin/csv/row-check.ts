import { randomUUID } from 'node:crypto';

import { CreateProductBodySchema, PRODUCT_CSV_COLUMNS } from '@dukkan/contracts/admin-products';
import { IdSchema } from '@dukkan/contracts/common';

import { unstorableTextProblem } from '../../../lib/text-guard';

export type CsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** One refused cell: `line` counts from 1 with the header as line 1; `column` is the header's name. */
export interface ImportError {
  line: number;
  column: string;
  message: string;
}

/** A department as an import row may name it (its `name`, matched in any letter case). */
export interface ImportDepartment {
  id: string;
  /** The department's `name` as `GET /api/categories/` answers it. */
  name: string;
  /** Its first subcategory: where a created product goes, and a moved one. */
  firstSubcategoryId: string;
}

/** A row that passed every check that needs no database, ready for the staging table. */
export interface CheckedRow {
  line: number;
  /** The row's `id`, or a new one when it creates. */
  productId: string;
  isCreate: boolean;
  slug: string | null;
  categoryId: string;
  subcategoryId: string;
  status: 'draft' | 'published' | 'archived';
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

/** A zod issue's path as the CSV's column: `title.en` → `title_en`, `listPrice` → `list_price`. */
const COLUMN_OF_PATH: Record<string, CsvColumn> = {
  'title.en': 'title_en',
  'title.ar': 'title_ar',
  'description.en': 'description_en',
  'description.ar': 'description_ar',
  'brand.en': 'brand_en',
  'brand.ar': 'brand_ar',
  title: 'title_en',
  description: 'description_en',
  brand: 'brand_en',
  category: 'category',
  price: 'price',
  listPrice: 'list_price',
  quantity: 'quantity',
  status: 'status',
};

/** The header row's problem, or null when it is exactly PRODUCT_CSV_COLUMNS. */
export function checkHeader(header: readonly string[]): ImportError | null {
  const names = header.map((h) => h.trim());
  for (const [i, expected] of PRODUCT_CSV_COLUMNS.entries()) {
    if (names[i] !== expected) {
      return {
        line: 1,
        column: expected,
        message: `The header row must be exactly ${PRODUCT_CSV_COLUMNS.join(',')}; column ${i + 1} is ${names[i] === undefined ? 'missing' : `"${names[i]}"`} where "${expected}" belongs`,
      };
    }
  }
  if (names.length > PRODUCT_CSV_COLUMNS.length) {
    return { line: 1, column: names[PRODUCT_CSV_COLUMNS.length] ?? 'quantity', message: `The header row must be exactly ${PRODUCT_CSV_COLUMNS.join(',')}; it has more columns` };
  }
  return null;
}

const DOLLARS = /^\d{1,9}(\.\d+)?$/;
const WHOLE = /^-?\d{1,9}$/;

/** A URL-safe slug for a created product: its English title's words and the first digits of its id. */
export function slugFor(title: string, id: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${words || 'product'}-${id.replaceAll('-', '').slice(0, 12)}`;
}

/**
 * Checks one data row by the rules of `POST /api/admin/products` (CreateProductBodySchema) plus
 * the CSV's own: `id` empty (create) or a product id, `category` an existing department,
 * `status` draft or published (archived too for a row that updates: the export's round trip).
 * Whether an `id` exists is checked later, a batch at a time.
 */
export function checkRow(record: readonly string[], line: number, departments: ReadonlyMap<string, ImportDepartment>): { row: CheckedRow } | { errors: ImportError[] } {
  const errors: ImportError[] = [];
  const fail = (column: CsvColumn, message: string) => errors.push({ line, column, message });
  if (record.length !== PRODUCT_CSV_COLUMNS.length) {
    const column = PRODUCT_CSV_COLUMNS[Math.min(record.length, PRODUCT_CSV_COLUMNS.length - 1)] ?? 'id';
    fail(column, `The row has ${record.length} columns; the header has ${PRODUCT_CSV_COLUMNS.length}`);
    return { errors };
  }
  const cell = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c, i) => [c, record[i] ?? ''])) as Record<CsvColumn, string>;
  for (const column of PRODUCT_CSV_COLUMNS) {
    const problem = unstorableTextProblem(cell[column]);
    if (problem) fail(column, `${column} ${problem}`);
  }
  if (errors.length > 0) return { errors };

  const id = cell.id.trim();
  const isCreate = id === '';
  if (!isCreate && !IdSchema.safeParse(id).success) fail('id', 'id must be a product id (from an export), or empty to create a product');

  const status = cell.status.trim();
  const archived = status === 'archived';
  if (archived && isCreate) fail('status', "status must be 'draft' or 'published' for a new product");

  const price = cell.price.trim();
  const priceOk = DOLLARS.test(price);
  if (!priceOk) fail('price', 'price must be a number of dollars, like 12.50');
  const listPrice = cell.list_price.trim();
  const listPriceOk = listPrice === '' || DOLLARS.test(listPrice);
  if (!listPriceOk) fail('list_price', 'list_price must be a number of dollars, like 15.00, or empty');
  const quantity = cell.quantity.trim();
  const quantityOk = WHOLE.test(quantity);
  if (!quantityOk) fail('quantity', 'quantity must be a whole number from 0');

  const body = {
    title: { en: cell.title_en, ar: cell.title_ar },
    description: { en: cell.description_en, ar: cell.description_ar },
    brand: { en: cell.brand_en, ar: cell.brand_ar },
    category: cell.category.trim(),
    price: priceOk ? Number(price) : 1,
    listPrice: listPrice === '' || !listPriceOk ? null : Number(listPrice),
    quantity: quantityOk ? Number(quantity) : 0,
    // An archived product stays archived; the other rules are the same.
    status: archived ? 'draft' : status,
  };
  const parsed = CreateProductBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_PATH[issue.path.join('.')] ?? 'id';
      // A value that was not a number at all has its error already.
      if ((column === 'price' && !priceOk) || (column === 'list_price' && (!priceOk || !listPriceOk)) || (column === 'quantity' && !quantityOk)) continue;
      fail(column, issue.message);
    }
  }
  const department = departments.get(body.category.toLowerCase());
  if (body.category !== '' && !department) fail('category', `category must be a department's name: ${[...departments.values()].map((d) => d.name).join(', ')}`);
  if (errors.length > 0 || !parsed.success || !department) return { errors };

  const data = parsed.data;
  const productId = isCreate ? randomUUID() : id.toLowerCase();
  return {
    row: {
      line,
      productId,
      isCreate,
      slug: isCreate ? slugFor(data.title.en, productId) : null,
      categoryId: department.id,
      subcategoryId: department.firstSubcategoryId,
      status: archived ? 'archived' : data.status,
      titleEn: data.title.en,
      titleAr: data.title.ar,
      descriptionEn: data.description.en,
      descriptionAr: data.description.ar,
      brandEn: data.brand.en,
      brandAr: data.brand.ar,
      priceCents: Math.round(data.price * 100),
      listPriceCents: data.listPrice == null ? null : Math.round(data.listPrice * 100),
      quantity: data.quantity,
    },
  };
}
