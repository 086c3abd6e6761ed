import { randomUUID } from 'node:crypto';

import {
  CreateProductBodySchema,
  dollarsHaveCents,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_COLUMNS,
  type ImportErrorCode,
  type ImportErrorParams,
  type ProductCsvColumn,
} from '@dukkan/contracts/admin-products';
import { IdSchema } from '@dukkan/contracts/common';
import { dollarsToCents } from '@dukkan/contracts/money';
import type { z } from 'zod';

import { restoreCsvText } from '../../../lib/csv';
import { unstorableTextProblem } from '../../../lib/text-guard';
import type { ProductCoreValues } from '../../catalog/product-row';

import { importErrorMessage } from './import-messages';

export type CsvColumn = ProductCsvColumn;

/**
 * One refused cell: `line` counts from 1 with the header as line 1; `column` is the header's
 * name. `code` and `params` say what is wrong for a client that words it itself; `message` is
 * the English wording, as recorded with the import (routes answer it in the request's language).
 */
export interface ImportError {
  line: number;
  column: string;
  message: string;
  code: ImportErrorCode;
  params: ImportErrorParams;
}

/** An import error with its English message. */
export function importError(line: number, column: string, code: ImportErrorCode, params: ImportErrorParams = {}): ImportError {
  return { line, column, message: importErrorMessage(code, column, params, 'en'), code, params };
}

/** A department as an import row may name it (its `name`, matched in any letter case). */
export interface ImportDepartment {
  id: string;
  /** The department's `name` as `GET /api/categories/` answers it. */
  name: string;
  /** Its first subcategory: where a created product goes, and a moved one, when the row names none. */
  firstSubcategoryId: string;
  /** Its subcategories by their key (`name` in `GET /api/subcategories`), lower-cased; in the department's order. */
  subcategories: ReadonlyMap<string, { id: string; key: string }>;
}

/** A row that passed every check that needs no database, ready for the staging table. */
export interface CheckedRow extends ProductCoreValues {
  line: number;
  /** The row's `id`, or a new one when it creates. */
  productId: string;
  isCreate: boolean;
  slug: string | null;
  categoryId: string;
  /**
   * The subcategory the row names; for a new product without one, its department's first. `null`:
   * an update that names none, which keeps the product's subcategory, or takes the new
   * department's first when it moves (decided when applied, against the product's department).
   */
  subcategoryId: string | null;
  status: 'draft' | 'published' | 'archived';
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
  subcategory: 'subcategory',
  price: 'price',
  listPrice: 'list_price',
  quantity: 'quantity',
  status: 'status',
};

/** Columns that hold numbers the shop writes as they are: never prefixed on export, so never restored on import. */
const NUMBER_COLUMNS: ReadonlySet<CsvColumn> = new Set(['price', 'list_price', 'quantity']);

/**
 * The header row's columns: exactly PRODUCT_CSV_EXPORT_COLUMNS, or PRODUCT_CSV_COLUMNS (the same
 * without `subcategory`, a file made before the column existed); else its problem, on line 1.
 */
export function checkHeader(header: readonly string[]): { columns: readonly CsvColumn[] } | { error: ImportError } {
  const names = header.map((h) => h.trim());
  const columns = names[PRODUCT_CSV_EXPORT_COLUMNS.indexOf('subcategory')] === 'subcategory' ? PRODUCT_CSV_EXPORT_COLUMNS : PRODUCT_CSV_COLUMNS;
  const all = PRODUCT_CSV_EXPORT_COLUMNS.join(',');
  for (const [i, expected] of columns.entries()) {
    const found = names[i];
    if (found === undefined) return { error: importError(1, expected, 'headerMissing', { columns: all, position: i + 1, expected }) };
    if (found !== expected) return { error: importError(1, expected, 'headerColumn', { columns: all, position: i + 1, found, expected }) };
  }
  const extra = names[columns.length];
  if (extra !== undefined) return { error: importError(1, extra, 'headerExtra', { columns: all, found: extra }) };
  return { columns };
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

type ZodIssue = z.ZodError['issues'][number];

/** What a zod issue of CreateProductBodySchema means for `column`, as an import error's code. */
function problemOfIssue(column: CsvColumn, issue: ZodIssue): { code: ImportErrorCode; params?: ImportErrorParams } {
  const max = issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined;
  switch (column) {
    case 'price':
    case 'list_price':
      if (issue.code === 'too_small') return { code: 'notPositive' };
      if (max) return { code: 'tooHigh', params: max };
      // The cents were checked before: what is left is the compare-at price's rule.
      if (issue.code === 'custom' && column === 'list_price') return { code: 'listPriceNotAbovePrice' };
      return { code: 'invalid' };
    case 'quantity':
      return max ? { code: 'tooHigh', params: max } : { code: 'quantityFormat' };
    case 'status':
      return { code: 'statusInvalid' };
    default:
      if (max) return { code: 'tooLong', params: max };
      if (issue.code === 'too_small' || issue.code === 'invalid_type') return { code: 'required' };
      return { code: 'invalid' };
  }
}

/**
 * Checks one data row by the rules of `POST /api/admin/products` (CreateProductBodySchema) plus
 * the CSV's own: `id` empty (create) or a product id, `category` an existing department,
 * `subcategory` empty or one of that department's, `status` draft or published (archived too for
 * a row that updates: the export's round trip). `columns` are the header's (`checkHeader`). A
 * text cell the export prefixed with `'` (lib/csv.ts) is read back without it. Whether an `id`
 * exists is checked later, a batch at a time.
 */
export function checkRow(
  record: readonly string[],
  line: number,
  departments: ReadonlyMap<string, ImportDepartment>,
  columns: readonly CsvColumn[],
): { row: CheckedRow } | { errors: ImportError[] } {
  const errors: ImportError[] = [];
  const fail = (column: CsvColumn, code: ImportErrorCode, params?: ImportErrorParams) => errors.push(importError(line, column, code, params));
  if (record.length !== columns.length) {
    const column = columns[Math.min(record.length, columns.length - 1)] ?? 'id';
    fail(column, 'columnCount', { found: record.length, expected: columns.length });
    return { errors };
  }
  // A column the header leaves out is empty.
  const cell = Object.fromEntries(PRODUCT_CSV_EXPORT_COLUMNS.map((c) => [c, ''])) as Record<CsvColumn, string>;
  for (const [i, column] of columns.entries()) {
    const value = record[i] ?? '';
    const problem = unstorableTextProblem(value);
    if (problem) fail(column, value.includes('\u0000') ? 'nulCharacter' : 'unpairedSurrogate');
    cell[column] = NUMBER_COLUMNS.has(column) ? value : restoreCsvText(value);
  }
  if (errors.length > 0) return { errors };

  const id = cell.id.trim();
  const isCreate = id === '';
  if (!isCreate && !IdSchema.safeParse(id).success) fail('id', 'idInvalid');

  const status = cell.status.trim();
  const archived = status === 'archived';
  if (archived && isCreate) fail('status', 'statusArchivedNew');

  /** A number of dollars with at most two decimals, or its problem. */
  const dollarsIn = (column: 'price' | 'list_price', text: string): boolean => {
    if (!DOLLARS.test(text)) {
      fail(column, column === 'price' ? 'priceFormat' : 'listPriceFormat');
      return false;
    }
    if (!dollarsHaveCents(Number(text))) {
      fail(column, 'priceCents');
      return false;
    }
    return true;
  };
  const price = cell.price.trim();
  const priceOk = dollarsIn('price', price);
  const listPrice = cell.list_price.trim();
  const listPriceOk = listPrice === '' || dollarsIn('list_price', listPrice);
  const quantity = cell.quantity.trim();
  const quantityOk = WHOLE.test(quantity);
  if (!quantityOk) fail('quantity', 'quantityFormat');

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
      const problem = problemOfIssue(column, issue);
      fail(column, problem.code, problem.params);
    }
  }
  const department = departments.get(body.category.toLowerCase());
  if (body.category !== '' && !department) fail('category', 'categoryUnknown', { value: body.category, departments: [...departments.values()].map((d) => d.name) });
  const subcategoryKey = cell.subcategory.trim();
  const subcategory = department && subcategoryKey !== '' ? department.subcategories.get(subcategoryKey.toLowerCase()) : undefined;
  if (department && subcategoryKey !== '' && !subcategory) {
    fail('subcategory', 'subcategoryUnknown', { value: subcategoryKey, category: department.name, subcategories: [...department.subcategories.values()].map((s) => s.key) });
  }
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
      subcategoryId: subcategory?.id ?? (isCreate ? department.firstSubcategoryId : null),
      status: archived ? 'archived' : data.status,
      titleEn: data.title.en,
      titleAr: data.title.ar,
      descriptionEn: data.description.en,
      descriptionAr: data.description.ar,
      brandEn: data.brand.en,
      brandAr: data.brand.ar,
      priceCents: dollarsToCents(data.price),
      listPriceCents: data.listPrice == null ? null : dollarsToCents(data.listPrice),
      quantity: data.quantity,
    },
  };
}
