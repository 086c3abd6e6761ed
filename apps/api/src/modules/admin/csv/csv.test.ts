import { ImportProgressResponseSchema } from '@dukkan/contracts/admin-import';
import { ImportErrorResponseSchema, ImportResultSchema, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_EXPORT_COLUMNS, type ProductCsvColumn } from '@dukkan/contracts/admin-products';
import { ProductResponseSchema } from '@dukkan/contracts/catalog';
import fastifyCookie from '@fastify/cookie';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, max } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';

import { categories, productImports, products, stockLedger, subcategories } from '../../../db/schema';
import { registerErrorHandling } from '../../../lib/errors';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';

import { adminCsvRoutes } from './routes';

const t = useTestApp();

let catalog: TestStaff;
let owner: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  catalog = await createTestStaff(t.database.db, 'catalog');
  owner = await createTestStaff(t.database.db, 'owner');
  support = await createTestStaff(t.database.db, 'support');
});

const HEADER = PRODUCT_CSV_EXPORT_COLUMNS.join(',');
const col = (name: ProductCsvColumn) => PRODUCT_CSV_EXPORT_COLUMNS.indexOf(name);

/** The records of an export (its byte-order mark dropped). */
const records = (raw: Buffer): string[][] => parse(raw.toString('utf8').replace(/^\uFEFF/, ''));

async function exportCsv(as: TestStaff = catalog) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: as.headers });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, text: res.body };
}

function importCsv(csv: string | Buffer, query = '', as: TestStaff = catalog) {
  return t.request('POST', `/api/admin/products/import${query}`, { headers: { ...as.headers, 'content-type': 'text/csv' }, body: csv });
}

/** A data row (of PRODUCT_CSV_EXPORT_COLUMNS) for a new product in `category`, with the given columns overridden. */
function row(fields: Partial<Record<ProductCsvColumn, string>> = {}): string[] {
  const base: Record<ProductCsvColumn, string> = {
    id: '',
    category: 'Grocery',
    subcategory: '',
    status: 'published',
    title_en: 'Imported tea',
    title_ar: 'شاي مستورد',
    description_en: 'Black tea, "strong", with a comma',
    description_ar: 'شاي أسود قوي',
    brand_en: 'Dukkan',
    brand_ar: 'دكان',
    price: '4.99',
    list_price: '',
    quantity: '12',
    ...fields,
  };
  return PRODUCT_CSV_EXPORT_COLUMNS.map((c) => base[c]);
}

const csvOf = (...rows: string[][]) => stringify([[...PRODUCT_CSV_EXPORT_COLUMNS], ...rows]);
/** The same rows under the header of a file made before the `subcategory` column existed. */
const legacyCsvOf = (...rows: string[][]) => stringify([[...PRODUCT_CSV_COLUMNS], ...rows.map((r) => r.filter((_, i) => i !== col('subcategory')))]);

async function productCount(): Promise<number> {
  const [r] = await t.database.db.select({ n: count() }).from(products);
  return r?.n ?? 0;
}

async function someProduct(offset = 0) {
  const [p] = await t.database.db.select().from(products).orderBy(asc(products.position)).offset(offset).limit(1);
  if (!p) throw new Error('no product');
  return p;
}

describe('GET /api/admin/products/export.csv', () => {
  it('streams every product as UTF-8 CSV with a BOM, the exact columns, dollars with 2 decimals and the Arabic text', async () => {
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dukkan-products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = records(res.raw);
    expect(rows[0]).toEqual([...PRODUCT_CSV_EXPORT_COLUMNS]);
    expect(rows.length - 1).toBe(await productCount());
    const first = await someProduct();
    const line = rows.find((r) => r[0] === first.id);
    expect(line?.[col('title_ar')]).toBe(first.titleAr);
    expect(line?.[col('title_ar')]).toMatch(/[\u0600-\u06FF]/);
    expect(line?.[col('price')]).toBe((first.priceCents / 100).toFixed(2));
    const [sub] = await t.database.db.select().from(subcategories).where(eq(subcategories.id, first.subcategoryId));
    expect(line?.[col('subcategory')]).toBe(sub?.slug);
    for (const r of rows.slice(1)) {
      expect(r[col('price')]).toMatch(/^\d+\.\d{2}$/);
      expect(r[col('list_price')]).toMatch(/^(\d+\.\d{2})?$/);
    }
    expect(rows.some((r) => r[col('list_price')] === '')).toBe(true);
    expect(rows.some((r) => r[col('list_price')] !== '' && r[0] !== 'id')).toBe(true);
  });

  it('is for owner and catalog staff: support 403, nobody 401', async () => {
    expect((await exportCsv(owner)).status).toBe(200);
    expect((await exportCsv(support)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv' })).statusCode).toBe(401);
  });

  it('wins over a GET /api/admin/products/:id route beside it (static segments first)', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(fastifyCookie);
    app.decorateRequest('staff', null);
    await app.register(
      (scope, _options, done) => {
        scope.get('/products/:id', () => ({ data: 'product' }));
        done();
      },
      { prefix: '/api/admin' },
    );
    await app.register(adminCsvRoutes, { prefix: '/api/admin', db: t.database.db });
    const res = await app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: catalog.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await app.inject({ method: 'GET', url: '/api/admin/products/abc' })).json()).toEqual({ data: 'product' });
    await app.close();
  });
});

describe('POST /api/admin/products/import', () => {
  it('round trip: importing the export changes nothing (BOM, quotes and Arabic text read back exactly)', async () => {
    const before = await exportCsv();
    const dry = await t.request('POST', '/api/admin/products/import?dryRun=1', { headers: { ...catalog.headers, 'content-type': 'text/csv; charset=utf-8' }, body: before.raw });
    expect(dry.status).toBe(200);
    expect(ImportResultSchema.parse(dry.body).data).toEqual({ created: 0, updated: 0 });
    const res = await importCsv(before.raw);
    expect(res.status).toBe(200);
    expect(ImportResultSchema.parse(res.body).data).toEqual({ created: 0, updated: 0 });
    expect((await exportCsv()).text).toBe(before.text);
  });

  it('refuses the whole file when one row is bad, naming line and column, and changes nothing', async () => {
    const target = await someProduct(1);
    const countBefore = await productCount();
    const csv = csvOf(
      row(),
      row({ price: 'abc' }),
      row({ id: target.id, category: 'Home', title_en: 'Renamed', quantity: '99' }),
    );
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    const { errors } = ImportErrorResponseSchema.parse(res.body);
    expect(errors).toEqual([{ line: 3, column: 'price', message: 'price must be a number of dollars, like 12.50', code: 'priceFormat', params: {} }]);
    expect(await productCount()).toBe(countBefore);
    const after = await someProduct(1);
    expect(after.titleEn).toBe(target.titleEn);
    expect(after.quantity).toBe(target.quantity);
    // The dry run gives the same errors.
    expect((await importCsv(csv, '?dryRun=1')).body).toEqual(res.body);
  });

  it('names each bad cell by its header: texts by language, list_price, category, status, quantity, id', async () => {
    const csv = csvOf(
      row({ title_ar: '   ' }),
      row({ list_price: '3.00' }),
      row({ category: 'Toys' }),
      row({ status: 'archived' }),
      row({ quantity: '-1' }),
      row({ id: '5b0f5b0f-0000-4000-8000-000000000000' }),
      row({ id: 'not-an-id' }),
      row({ price: '1.999' }),
      row({ description_en: 'x'.repeat(5001) }),
      ['', 'Grocery'],
    );
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    const { errors } = ImportErrorResponseSchema.parse(res.body);
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'title_ar'],
      [3, 'list_price'],
      [4, 'category'],
      [5, 'status'],
      [6, 'quantity'],
      [7, 'id'],
      [8, 'id'],
      [9, 'price'],
      [10, 'description_en'],
      [11, 'subcategory'],
    ]);
    expect(errors[0]?.message).toBe('title_ar is required');
    expect(errors[1]?.message).toBe('list_price must be above price');
    expect(errors[8]?.message).toBe('description_en must be at most 5000 characters');
    // No message names a field by its JSON path.
    expect(errors.filter((e) => /title\.|description\.|brand\.|listPrice/.test(e.message))).toEqual([]);
  });

  it('refuses a wrong header row naming line 1, and an empty file', async () => {
    const wrong = await importCsv(`id,category,status,title,title_ar\n`);
    expect(wrong.status).toBe(400);
    expect(ImportErrorResponseSchema.parse(wrong.body).errors).toEqual([
      { line: 1, column: 'title_en', message: expect.stringContaining(HEADER) as unknown, code: 'headerColumn', params: expect.objectContaining({ position: 4, found: 'title' }) as unknown },
    ]);
    const empty = await importCsv('');
    expect(empty.status).toBe(400);
    expect(ImportErrorResponseSchema.parse(empty.body).errors[0]?.line).toBe(1);
  });

  it('answers at most 100 errors', async () => {
    const rows = Array.from({ length: 150 }, () => row({ price: 'x' }));
    const res = await importCsv(csvOf(...rows));
    expect(ImportErrorResponseSchema.parse(res.body).errors).toHaveLength(100);
  });

  it('creates (empty id) and updates (known id), counting each, with ledger rows and new products at the end of their department', async () => {
    const target = await someProduct(2);
    const unchanged = await someProduct(3);
    const [{ top } = { top: 0 }] = await t.database.db.select({ top: max(products.position) }).from(products);
    const unchangedLine = records((await exportCsv()).raw).find((r) => r[0] === unchanged.id) ?? [];
    // Its subcategory left empty: an update keeps the product's own.
    unchangedLine[col('subcategory')] = '';
    const csv = csvOf(
      row({ title_en: 'Imported kettle', category: 'home', list_price: '30.00', price: '25.50', quantity: '7', status: 'draft' }),
      row({ title_en: 'Imported lamp', category: 'Home' }),
      row({
        id: target.id,
        category: 'Home',
        status: 'published',
        title_en: 'Updated title, with "quotes"',
        title_ar: 'عنوان محدث',
        description_en: target.descriptionEn,
        description_ar: target.descriptionAr,
        brand_en: target.brandEn,
        brand_ar: target.brandAr,
        price: '12.34',
        quantity: String(target.quantity + 5),
      }),
      // The unchanged product's exported row: not counted, not touched.
      unchangedLine,
    );
    const dry = await importCsv(csv, '?dryRun=1');
    expect(ImportResultSchema.parse(dry.body).data).toEqual({ created: 2, updated: 1 });
    expect((await someProduct(2)).titleEn).toBe(target.titleEn);

    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(ImportResultSchema.parse(res.body).data).toEqual({ created: 2, updated: 1 });

    const [home] = await t.database.db.select().from(categories).where(eq(categories.slug, 'Home'));
    const [firstSub] = await t.database.db.select().from(subcategories).where(eq(subcategories.categoryId, home?.id ?? '')).orderBy(asc(subcategories.position)).limit(1);
    const created = await t.database.db.select().from(products).where(eq(products.titleEn, 'Imported kettle'));
    expect(created).toHaveLength(1);
    const kettle = created[0];
    expect(kettle).toMatchObject({ categoryId: home?.id, subcategoryId: firstSub?.id, priceCents: 2550, listPriceCents: 3000, quantity: 7, status: 'draft', images: [] });
    expect(kettle?.position).toBeGreaterThan(top ?? 0);
    expect(kettle?.slug).toMatch(/^imported-kettle-[0-9a-f]{12}$/);

    const updated = await someProduct(2);
    expect(updated).toMatchObject({ titleEn: 'Updated title, with "quotes"', titleAr: 'عنوان محدث', priceCents: 1234, listPriceCents: null, quantity: target.quantity + 5, categoryId: home?.id, subcategoryId: firstSub?.id });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(target.updatedAt.getTime());
    expect((await someProduct(3)).updatedAt).toEqual(unchanged.updatedAt);

    const ledger = await t.database.db.select().from(stockLedger).where(and(eq(stockLedger.productId, target.id), eq(stockLedger.kind, 'import')));
    expect(ledger).toEqual([expect.objectContaining({ quantityBefore: target.quantity, quantityAfter: target.quantity + 5, staffId: catalog.id })]);
    const kettleLedger = await t.database.db.select().from(stockLedger).where(eq(stockLedger.productId, kettle?.id ?? ''));
    expect(kettleLedger).toEqual([expect.objectContaining({ kind: 'import', quantityBefore: 0, quantityAfter: 7 })]);

    // The shopper's answer carries the new price.
    const shopper = ProductResponseSchema.parse((await t.get(`/api/product/${target.id}`)).body).data;
    expect(shopper.price).toBe(12.34);
  });

  it('refuses the same id twice in one file', async () => {
    const target = await someProduct(4);
    const line = records((await exportCsv()).raw).find((r) => r[0] === target.id) ?? [];
    const res = await importCsv(csvOf(line, line));
    expect(ImportErrorResponseSchema.parse(res.body).errors).toEqual([{ line: 3, column: 'id', message: 'This id is already on line 2', code: 'idRepeated', params: { line: 2 } }]);
  });

  it('takes the file as multipart field file too', async () => {
    const boundary = '----dukkanCsvBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from(csvOf(row({ title_en: 'Multipart tea' }))),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products/import', headers: { ...catalog.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(200);
    expect(ImportResultSchema.parse(res.json()).data).toEqual({ created: 1, updated: 0 });
  });

  it('is for owner and catalog staff: support 403, a missing XSRF header 403, nobody 401, and nothing changes', async () => {
    const before = await productCount();
    expect((await importCsv(csvOf(row()), '', support)).status).toBe(403);
    const noXsrf = await t.request('POST', '/api/admin/products/import', { headers: { cookie: catalog.headers.cookie ?? '', 'content-type': 'text/csv' }, body: csvOf(row()) });
    expect(noXsrf.status).toBe(403);
    expect((await t.request('POST', '/api/admin/products/import', { headers: { 'content-type': 'text/csv' }, body: csvOf(row()) })).status).toBe(401);
    expect(await productCount()).toBe(before);
  });

  it('answers 415 to a JSON body', async () => {
    expect((await t.request('POST', '/api/admin/products/import', { headers: catalog.headers, body: { rows: [] } })).status).toBe(415);
  });

  it('?async=1 answers 202 with the import id; GET /api/admin/imports/{id} shows its progress to the end', async () => {
    const res = await importCsv(csvOf(row({ title_en: 'Async tea' }), row({ title_en: 'Async coffee' })), '?async=1');
    expect(res.status).toBe(202);
    const { importId } = (res.body as { data: { importId: string } }).data;
    let progress = ImportProgressResponseSchema.parse((await t.get(`/api/admin/imports/${importId}`, catalog.headers)).body).data;
    for (let i = 0; i < 100 && !['done', 'failed'].includes(progress.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      progress = ImportProgressResponseSchema.parse((await t.get(`/api/admin/imports/${importId}`, catalog.headers)).body).data;
    }
    expect(progress).toMatchObject({ _id: importId, status: 'done', rowsChecked: 2, total: 2, created: 2, updated: 0, errors: [] });
    expect((await t.get(`/api/admin/imports/${importId}`, support.headers)).status).toBe(403);
    expect((await t.get('/api/admin/imports/00000000-0000-4000-8000-000000000000', catalog.headers)).status).toBe(404);
  });

  it('keeps a failed import’s errors for the progress screen', async () => {
    await importCsv(csvOf(row({ quantity: 'many' })));
    // This test's import is the newest (other tests' refused imports have quantity errors too).
    const [failed] = await t.database.db.select().from(productImports).orderBy(desc(productImports.createdAt)).limit(1);
    expect(failed?.status).toBe('failed');
    expect(failed?.errors).toEqual([{ line: 2, column: 'quantity', message: 'quantity must be a whole number from 0', code: 'quantityFormat', params: {} }]);
  });

  it('imports 10 000 new rows in one go', async () => {
    const before = await productCount();
    const rows = Array.from({ length: 10_000 }, (_, i) => row({ title_en: `Bulk item ${i}`, title_ar: `منتج ${i}`, price: `${(i % 500) + 1}.25`, quantity: String(i % 40) }));
    const started = performance.now();
    const res = await importCsv(csvOf(...rows));
    const seconds = (performance.now() - started) / 1000;
    expect(res.status).toBe(200);
    expect(ImportResultSchema.parse(res.body).data).toEqual({ created: 10_000, updated: 0 });
    expect(await productCount()).toBe(before + 10_000);
    expect(seconds).toBeLessThan(30);
  }, 60_000);
});

/** A department's subcategory keys, in its order. */
async function subcategoryKeys(department: string): Promise<{ id: string; key: string }[]> {
  return t.database.db
    .select({ id: subcategories.id, key: subcategories.slug })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(categories.slug, department))
    .orderBy(asc(subcategories.position));
}

/** The exported row of a product, to change a few cells of. */
async function exportedRow(id: string): Promise<string[]> {
  const line = records((await exportCsv()).raw).find((r) => r[0] === id);
  if (!line) throw new Error(`no exported row for ${id}`);
  return line;
}

describe('the subcategory column', () => {
  it('creates into the named subcategory, moves an update into one, and keeps the product’s own when empty', async () => {
    const grocery = await subcategoryKeys('Grocery');
    const electronics = await subcategoryKeys('electronics');
    const [keep, moveWithin, moveAcross, moveAcrossEmpty] = await t.database.db
      .select()
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(categories.slug, 'Grocery'), eq(products.subcategoryId, grocery[1]!.id)))
      .orderBy(asc(products.position))
      .limit(4);
    const exported = records((await exportCsv()).raw);
    const rowOf = (p: typeof keep, cells: Partial<Record<ProductCsvColumn, string>>) => {
      const line = [...(exported.find((r) => r[0] === p!.products.id) ?? [])];
      for (const [name, value] of Object.entries(cells)) line[col(name as ProductCsvColumn)] = value;
      return line;
    };
    const csv = csvOf(
      // A key is matched in any letter case, as a department's is.
      row({ title_en: 'Subcategory tea', subcategory: grocery[2]!.key.toUpperCase() }),
      rowOf(keep, { subcategory: '' }),
      rowOf(moveWithin, { subcategory: grocery[3]!.key }),
      rowOf(moveAcross, { category: 'electronics', subcategory: electronics[2]!.key }),
      rowOf(moveAcrossEmpty, { category: 'electronics', subcategory: '' }),
    );
    expect(ImportResultSchema.parse((await importCsv(csv, '?dryRun=1')).body).data).toEqual({ created: 1, updated: 3 });
    const res = await importCsv(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ImportResultSchema.parse(res.body).data).toEqual({ created: 1, updated: 3 });

    const subcategoryOf = async (id: string) => (await t.database.db.select({ s: products.subcategoryId }).from(products).where(eq(products.id, id)))[0]?.s;
    const [tea] = await t.database.db.select().from(products).where(eq(products.titleEn, 'Subcategory tea'));
    expect(tea?.subcategoryId).toBe(grocery[2]!.id);
    expect(await subcategoryOf(keep!.products.id)).toBe(grocery[1]!.id);
    expect((await t.database.db.select().from(products).where(eq(products.id, keep!.products.id)))[0]?.updatedAt).toEqual(keep!.products.updatedAt);
    expect(await subcategoryOf(moveWithin!.products.id)).toBe(grocery[3]!.id);
    expect(await subcategoryOf(moveAcross!.products.id)).toBe(electronics[2]!.id);
    // Moved to another department with no subcategory named: that department's first.
    expect(await subcategoryOf(moveAcrossEmpty!.products.id)).toBe(electronics[0]!.id);
    // The export names them so.
    expect((await exportedRow(moveAcross!.products.id))[col('subcategory')]).toBe(electronics[2]!.key);
  });

  it('refuses an unknown key, or another department’s, naming the department’s keys, and writes nothing', async () => {
    const grocery = await subcategoryKeys('Grocery');
    const electronics = await subcategoryKeys('electronics');
    const target = await someProduct(6);
    const before = await productCount();
    const updated = await exportedRow(target.id);
    updated[col('subcategory')] = 'no-such-subcategory';
    updated[col('title_en')] = 'Not written';
    const csv = csvOf(row({ title_en: 'Not created either' }), updated, row({ subcategory: electronics[0]!.key }));
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    const { errors } = ImportErrorResponseSchema.parse(res.body);
    expect(errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [3, 'subcategory', 'subcategoryUnknown'],
      [4, 'subcategory', 'subcategoryUnknown'],
    ]);
    const department = updated[col('category')];
    expect(errors[0]?.message).toBe(`subcategory "no-such-subcategory" is not one of the subcategories of ${department}: ${(await subcategoryKeys(department!)).map((s) => s.key).join(', ')}`);
    expect(errors[1]?.params).toEqual({ value: electronics[0]!.key, category: 'Grocery', subcategories: grocery.map((s) => s.key) });
    expect(await productCount()).toBe(before);
    expect((await someProduct(6)).titleEn).toBe(target.titleEn);
  });

  it('is optional: a file with the old header imports as before (first subcategory for a new product, its own kept on update)', async () => {
    const grocery = await subcategoryKeys('Grocery');
    const target = await someProduct(7);
    const line = await exportedRow(target.id);
    line[col('title_en')] = `${target.titleEn} (renamed)`;
    const res = await importCsv(legacyCsvOf(row({ title_en: 'Old header tea' }), line));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ImportResultSchema.parse(res.body).data).toEqual({ created: 1, updated: 1 });
    const [tea] = await t.database.db.select().from(products).where(eq(products.titleEn, 'Old header tea'));
    expect(tea?.subcategoryId).toBe(grocery[0]!.id);
    const after = await someProduct(7);
    expect(after.titleEn).toBe(`${target.titleEn} (renamed)`);
    expect(after.subcategoryId).toBe(target.subcategoryId);
  });
});

describe('the import’s errors in the request’s language', () => {
  const bad = () => csvOf(row({ title_ar: ' ' }), row({ list_price: '3.00' }), row({ category: 'Toys' }), row({ quantity: 'many' }));

  it('answers them in Arabic for ?lng=ar or the i18next cookie, in English by default, naming the file’s column', async () => {
    const english = ImportErrorResponseSchema.parse((await importCsv(bad())).body).errors;
    expect(english.map((e) => e.message)).toEqual([
      'title_ar is required',
      'list_price must be above price',
      `category "Toys" is not a department; use one of ${(await t.database.db.select({ s: categories.slug }).from(categories).orderBy(asc(categories.position))).map((c) => c.s).join(', ')}`,
      'quantity must be a whole number from 0',
    ]);
    const arabic = ImportErrorResponseSchema.parse((await importCsv(bad(), '?lng=ar')).body).errors;
    expect(arabic.map((e) => [e.line, e.column, e.code])).toEqual(english.map((e) => [e.line, e.column, e.code]));
    expect(arabic[0]?.message).toBe('العمود title_ar مطلوب');
    expect(arabic[1]?.message).toBe('يجب أن يكون العمود list_price أكبر من price');
    expect(arabic[2]?.message).toMatch(/^القيمة "Toys" في العمود category ليست قسمًا؛ استخدم أحد الأقسام: Grocery، /);
    expect(arabic[3]?.message).toBe('يجب أن يكون العمود quantity عددًا صحيحًا من 0 فأكثر');
    for (const error of arabic) {
      expect(error.message).toContain(error.column);
      expect(error.message).not.toMatch(/title\.|listPrice/);
    }
    const byCookie = await t.request('POST', '/api/admin/products/import', {
      headers: { ...catalog.headers, cookie: `${catalog.headers.cookie}; i18next=ar`, 'content-type': 'text/csv' },
      body: bad(),
    });
    expect(ImportErrorResponseSchema.parse(byCookie.body).errors.map((e) => e.message)).toEqual(arabic.map((e) => e.message));
  });

  it('words a background import’s errors in the language its progress is asked in', async () => {
    const started = await importCsv(bad(), '?async=1&lng=ar');
    const { importId } = (started.body as { data: { importId: string } }).data;
    let progress = ImportProgressResponseSchema.parse((await t.get(`/api/admin/imports/${importId}`, catalog.headers)).body).data;
    for (let i = 0; i < 100 && progress.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      progress = ImportProgressResponseSchema.parse((await t.get(`/api/admin/imports/${importId}`, catalog.headers)).body).data;
    }
    expect(progress.errors[0]).toEqual({ line: 2, column: 'title_ar', code: 'required', params: {}, message: 'title_ar is required' });
    const arabic = ImportProgressResponseSchema.parse((await t.get(`/api/admin/imports/${importId}?lng=ar`, catalog.headers)).body).data;
    expect(arabic.errors[0]?.message).toBe('العمود title_ar مطلوب');
  });
});
