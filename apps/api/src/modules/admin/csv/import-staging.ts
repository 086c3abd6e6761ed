// The first half of a CSV import (docs/decisions/0035): the file read as a stream, every row
// checked and written to the staging table; then, when no row was refused, the apply
// (import-apply.ts) writes them.
import { Readable } from 'node:stream';

import { PRODUCT_CSV_EXPORT_COLUMNS } from '@dukkan/contracts/admin-products';
import { CsvError, parse } from 'csv-parse';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { categories, productImportRows, productImports, products, subcategories } from '../../../db/schema';
import { foregroundQuiet } from '../../../lib/foreground';
import type { AuditActor } from '../audit/record';

import { applyStaged, countStaged, MAX_GIVE_WAY_MS } from './import-apply';
import { checkHeader, checkRow, importError, type CheckedRow, type CsvColumn, type ImportDepartment, type ImportError } from './row-check';

/** Errors an import answers at most. */
export const MAX_IMPORT_ERRORS = 100;
/**
 * Rows checked, then written to the staging table, per batch (one insert): about 20 ms of checking
 * and, on the embedded database, 10 ms of staging, a pause in this thread a shopper's request can
 * wait for (500-row batches without the give-way between them: the catalog's p99 during a server
 * import was 65 ms, with these 53 ms).
 */
export const IMPORT_BATCH_ROWS = 250;
/** Bytes handed to the CSV parser at a time. */
const CHUNK_BYTES = 64 * 1024;

export type ImportOutcome = { ok: true; created: number; updated: number } | { ok: false; errors: ImportError[] };

/** The file's bytes in chunks that end on a whole UTF-8 character. */
function* utf8Chunks(bytes: Buffer): Generator<Buffer> {
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + CHUNK_BYTES, bytes.length);
    while (end < bytes.length && end > start && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    yield bytes.subarray(start, end);
    start = end;
  }
}

/** Departments by lower-cased `name`, as rows may name them, each with its subcategories by key (exported for tests). */
export async function departmentsByName(db: Database): Promise<Map<string, ImportDepartment>> {
  const rows = await db
    .select({ id: categories.id, name: categories.slug, subcategoryId: subcategories.id, subcategoryKey: subcategories.slug })
    .from(categories)
    .innerJoin(subcategories, eq(subcategories.categoryId, categories.id))
    .orderBy(asc(categories.position), asc(subcategories.position));
  const map = new Map<string, ImportDepartment & { subcategories: Map<string, { id: string; key: string }> }>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    // Rows come in the department's order: its first row is its first subcategory.
    let department = map.get(key);
    if (!department) {
      department = { id: row.id, name: row.name, firstSubcategoryId: row.subcategoryId, subcategories: new Map() };
      map.set(key, department);
    }
    department.subcategories.set(row.subcategoryKey.toLowerCase(), { id: row.subcategoryId, key: row.subcategoryKey });
  }
  return map;
}

/**
 * Starts an import's progress row (`GET /api/admin/imports/{id}`). Imports a crash left
 * unfinished for an hour are marked failed and their staged rows dropped.
 */
export async function createImport(db: Database, staffId: string | null, dryRun: boolean): Promise<string> {
  const stale = and(inArray(productImports.status, ['checking', 'applying']), lt(productImports.createdAt, sql`now() - interval '1 hour'`));
  await db.delete(productImportRows).where(inArray(productImportRows.importId, db.select({ id: productImports.id }).from(productImports).where(stale)));
  await db.update(productImports).set({ status: 'failed', finishedAt: sql`now()` }).where(stale);
  const [row] = await db.insert(productImports).values({ staffId, dryRun }).returning({ id: productImports.id });
  if (!row) throw new Error('import row not created');
  return row.id;
}

function byLineAndColumn(a: ImportError, b: ImportError): number {
  const column = (c: string) => PRODUCT_CSV_EXPORT_COLUMNS.indexOf(c as CsvColumn);
  return a.line - b.line || column(a.column) - column(b.column);
}

/** The longest row the parser reads, in bytes. */
const MAX_RECORD_BYTES = 64 * 1024;

/** What the parser could not read, as an error at the row it was reading (csv-parse's own words are English only). */
function parserError(error: unknown, lastLine: number): ImportError {
  const code = error instanceof CsvError ? error.code : undefined;
  const line = lastLine + 1;
  if (code === 'CSV_QUOTE_NOT_CLOSED') return importError(line, 'id', 'quoteNotClosed');
  if (code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'INVALID_OPENING_QUOTE') return importError(line, 'id', 'badQuote');
  if (code === 'CSV_MAX_RECORD_SIZE') return importError(line, 'id', 'rowTooLong', { max: MAX_RECORD_BYTES });
  return importError(line, 'id', 'notCsv');
}

/**
 * Reads, checks and applies one CSV import (docs/decisions/0035). The file is parsed as a stream;
 * rows are checked and written to the staging table `IMPORT_BATCH_ROWS` at a time, the requests
 * in flight answered between batches; then, when no row was refused and it is not a dry run,
 * `applyStaged` writes them. When a row is refused nothing changes and the errors (up to 100) are the answer.
 */
export async function runImport(db: Database, importId: string, csv: Buffer, { dryRun, actor }: { dryRun: boolean; actor: AuditActor }): Promise<ImportOutcome> {
  const errors: ImportError[] = [];
  let rowsChecked = 0;
  try {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(csv);
    } catch {
      errors.push(importError(1, 'id', 'notUtf8'));
      return await finishFailed(db, importId, errors, rowsChecked);
    }
    if (text.replace(/^\uFEFF/, '').trim() === '') {
      errors.push(importError(1, 'id', 'emptyFile', { columns: PRODUCT_CSV_EXPORT_COLUMNS.join(',') }));
      return await finishFailed(db, importId, errors, rowsChecked);
    }

    const departments = await departmentsByName(db);
    /** Every id the file updates, and its line: an id twice is refused. */
    const seenIds = new Map<string, number>();
    let batch: CheckedRow[] = [];

    const flush = async () => {
      const rows = batch;
      batch = [];
      const updateIds = rows.filter((r) => !r.isCreate).map((r) => r.productId);
      if (updateIds.length > 0) {
        const known = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, updateIds))).map((r) => r.id));
        for (const row of rows) {
          if (!row.isCreate && !known.has(row.productId)) errors.push(importError(row.line, 'id', 'idUnknown'));
        }
      }
      if (errors.length === 0 && rows.length > 0) await stageRows(db, importId, rows);
      await db.update(productImports).set({ rowsChecked }).where(eq(productImports.id, importId));
      // The requests in flight are answered before the next batch is checked (lib/foreground.ts).
      await foregroundQuiet(MAX_GIVE_WAY_MS);
    };

    const parser = Readable.from(utf8Chunks(csv)).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: MAX_RECORD_BYTES }));
    let line = 0;
    /** The header's columns: PRODUCT_CSV_EXPORT_COLUMNS, or PRODUCT_CSV_COLUMNS (without `subcategory`). */
    let columns: readonly CsvColumn[] = PRODUCT_CSV_EXPORT_COLUMNS;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        line += 1;
        if (line === 1) {
          const header = checkHeader(record);
          if ('error' in header) {
            errors.push(header.error);
            break;
          }
          columns = header.columns;
          continue;
        }
        if (record.every((field) => field.trim() === '')) continue; // a blank row
        rowsChecked += 1;
        const checked = checkRow(record, line, departments, columns);
        if ('errors' in checked) {
          errors.push(...checked.errors);
        } else {
          const earlier = checked.row.isCreate ? undefined : seenIds.get(checked.row.productId);
          if (earlier !== undefined) errors.push(importError(line, 'id', 'idRepeated', { line: earlier }));
          else {
            if (!checked.row.isCreate) seenIds.set(checked.row.productId, line);
            batch.push(checked.row);
          }
        }
        if (errors.length >= MAX_IMPORT_ERRORS) break;
        if (batch.length >= IMPORT_BATCH_ROWS) await flush();
      }
    } catch (error) {
      errors.push(parserError(error, line));
    } finally {
      parser.destroy();
    }
    if (errors.length < MAX_IMPORT_ERRORS) await flush();
    if (errors.length > 0) return await finishFailed(db, importId, errors, rowsChecked);

    if (dryRun) {
      const counts = await countStaged(db, importId);
      await db.update(productImports).set({ rowsChecked, total: rowsChecked, status: 'checked', ...counts, finishedAt: sql`now()` }).where(eq(productImports.id, importId));
      return { ok: true, ...counts };
    }
    await db.update(productImports).set({ rowsChecked, total: rowsChecked, status: 'applying' }).where(eq(productImports.id, importId));
    const outcome = await applyStaged(db, importId, actor);
    return { ok: true, ...outcome };
  } catch (error) {
    await db.update(productImports).set({ status: 'failed', finishedAt: sql`now()` }).where(eq(productImports.id, importId));
    throw error;
  } finally {
    await db.delete(productImportRows).where(eq(productImportRows.importId, importId));
  }
}

/**
 * Writes a batch to the staging table in one statement with one parameter (the rows as JSON):
 * on the embedded database this is about three times faster than a multi-row insert's
 * thousands of bound values. Exported for tests.
 */
export async function stageRows(db: Database, importId: string, rows: readonly CheckedRow[]): Promise<void> {
  const json = JSON.stringify(
    rows.map((r) => ({
      import_id: importId,
      line: r.line,
      product_id: r.productId,
      is_create: r.isCreate,
      slug: r.slug,
      category_id: r.categoryId,
      subcategory_id: r.subcategoryId,
      status: r.status,
      title_en: r.titleEn,
      title_ar: r.titleAr,
      description_en: r.descriptionEn,
      description_ar: r.descriptionAr,
      brand_en: r.brandEn,
      brand_ar: r.brandAr,
      price_cents: r.priceCents,
      list_price_cents: r.listPriceCents,
      quantity: r.quantity,
    })),
  );
  await db.execute(sql`insert into product_import_rows select * from json_populate_recordset(null::product_import_rows, ${json}::json)`);
}

async function finishFailed(db: Database, importId: string, found: ImportError[], rowsChecked: number): Promise<ImportOutcome> {
  const errors = found.sort(byLineAndColumn).slice(0, MAX_IMPORT_ERRORS);
  await db.update(productImports).set({ status: 'failed', rowsChecked, errors, finishedAt: sql`now()` }).where(eq(productImports.id, importId));
  return { ok: false, errors };
}

/** An import's progress and outcome, or undefined. */
export async function getImport(db: Database, id: string) {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id)).limit(1);
  return row;
}
