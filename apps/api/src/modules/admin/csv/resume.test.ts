import { PRODUCT_CSV_COLUMNS } from '@dukkan/contracts/admin-products';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../../../app';
import { auditLog, productImportRows, productImports, products, stockLedger } from '../../../db/schema';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { testConfig, useTestApp } from '../../../test/test-app';

import { resumeImports } from './import-apply';
import { createImport, departmentsByName, stageRows } from './import-staging';
import { checkRow, type CheckedRow } from './row-check';

const t = useTestApp();

let catalog: TestStaff;

beforeAll(async () => {
  catalog = await createTestStaff(t.database.db, 'catalog');
});

/** `n` checked rows for new products titled `{title} {i}`, as the import stages them (lines from 2). */
async function checkedRows(title: string, n: number): Promise<CheckedRow[]> {
  const departments = await departmentsByName(t.database.db);
  return Array.from({ length: n }, (_, i) => {
    const fields: Record<(typeof PRODUCT_CSV_COLUMNS)[number], string> = {
      id: '',
      category: 'Grocery',
      status: 'published',
      title_en: `${title} ${i}`,
      title_ar: `إبريق ${i}`,
      description_en: 'A kettle',
      description_ar: 'إبريق شاي',
      brand_en: 'Dukkan',
      brand_ar: 'دكان',
      price: '9.50',
      list_price: '',
      quantity: '3',
    };
    const checked = checkRow(
      PRODUCT_CSV_COLUMNS.map((c) => fields[c]),
      i + 2,
      departments,
      PRODUCT_CSV_COLUMNS,
    );
    if ('errors' in checked) throw new Error(JSON.stringify(checked.errors));
    return checked.row;
  });
}

/** An import a crash stopped while it was being applied: every row checked, `staged` still staged. */
async function interruptedImport(staged: CheckedRow[]): Promise<string> {
  const id = await createImport(t.database.db, catalog.id, false);
  await t.database.db.update(productImports).set({ status: 'applying', rowsChecked: staged.length, total: staged.length }).where(eq(productImports.id, id));
  await stageRows(t.database.db, id, staged);
  return id;
}

async function titled(prefix: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(products).where(like(products.titleEn, `${prefix} %`));
  return row?.n ?? 0;
}

describe('an import a crash interrupted while its rows were being applied', () => {
  it('is finished when the app starts, from the rows still staged, once, with its counts, ledger rows and an audit record', async () => {
    const db = t.database.db;
    const rows = await checkedRows('Resumed kettle', 250);
    // The first 100 rows were applied and committed before the crash; the rest stayed staged.
    const id = await interruptedImport(rows.slice(0, 100));
    expect(await resumeImports(db)).toEqual([id]);
    await db.update(productImports).set({ status: 'applying', finishedAt: null }).where(eq(productImports.id, id));
    await stageRows(db, id, rows.slice(100));
    expect(await titled('Resumed kettle')).toBe(100);

    const app = await buildApp({ config: testConfig(), db, logStream: { write: () => undefined } });
    await app.ready();
    await app.close(); // waits for the imports it resumed

    const [progress] = await db.select().from(productImports).where(eq(productImports.id, id));
    expect(progress).toMatchObject({ status: 'done', created: 250, updated: 0 });
    expect(progress?.finishedAt).not.toBeNull();
    expect(await titled('Resumed kettle')).toBe(250);
    const [staged] = await db.select({ n: count() }).from(productImportRows).where(eq(productImportRows.importId, id));
    expect(staged?.n).toBe(0);
    const [ledger] = await db
      .select({ n: count() })
      .from(stockLedger)
      .innerJoin(products, eq(products.id, stockLedger.productId))
      .where(and(like(products.titleEn, 'Resumed kettle %'), eq(stockLedger.kind, 'import')));
    expect(ledger?.n).toBe(250);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'import.apply'), eq(auditLog.entityId, id)));
    // One record per apply that finished: the part before the crash (simulated above) and the rest.
    expect(audits.map((a) => a.actorEmail)).toEqual([catalog.email, catalog.email]);

    // Nothing is left to finish: a second start applies nothing twice.
    expect(await resumeImports(db)).toEqual([]);
    expect(await titled('Resumed kettle')).toBe(250);
  });

  it('leaves dry runs and finished imports alone', async () => {
    const db = t.database.db;
    const dry = await createImport(db, catalog.id, true);
    await db.update(productImports).set({ status: 'checked' }).where(eq(productImports.id, dry));
    const rows = await checkedRows('Dry kettle', 3);
    await stageRows(db, dry, rows);
    expect(await resumeImports(db)).toEqual([]);
    expect(await titled('Dry kettle')).toBe(0);
  });
});

describe.runIf(inject('dbKind') === 'pglite')('an import on the embedded database', () => {
  it('goes on after the last line it committed when a crash stopped it, with every row still staged', async () => {
    const db = t.database.db;
    const rows = await checkedRows('Halfway kettle', 250);
    // Lines 2–101 applied and committed (their counts and the line reached with them) ...
    const id = await interruptedImport(rows.slice(0, 100));
    expect(await resumeImports(db)).toEqual([id]);
    const [first] = await db.select({ appliedThrough: productImports.appliedThrough }).from(productImports).where(eq(productImports.id, id));
    expect(first?.appliedThrough).toBeGreaterThanOrEqual(102);
    // ... then the crash: the import still applying, and all its rows still staged.
    await db.update(productImports).set({ status: 'applying', finishedAt: null }).where(eq(productImports.id, id));
    await stageRows(db, id, rows);

    expect(await resumeImports(db)).toEqual([id]);
    expect(await titled('Halfway kettle')).toBe(250);
    const [progress] = await db.select().from(productImports).where(eq(productImports.id, id));
    expect(progress).toMatchObject({ status: 'done', created: 250 });
    const [staged] = await db.select({ n: count() }).from(productImportRows).where(eq(productImportRows.importId, id));
    expect(staged?.n).toBe(0);
  });

  it('is applied in short committed transactions: its progress shows rows created before the last is written', { timeout: 120_000 }, async () => {
    const rows = 3000;
    const csv = stringify([
      [...PRODUCT_CSV_COLUMNS],
      ...Array.from({ length: rows }, (_, i) => ['', 'Home', 'published', `Chunked lamp ${i}`, `مصباح ${i}`, 'A lamp', 'مصباح', 'Dukkan', 'دكان', '12.00', '', '2']),
    ]);
    const started = await t.request('POST', '/api/admin/products/import?async=1', { headers: { ...catalog.headers, 'content-type': 'text/csv' }, body: csv });
    expect(started.status).toBe(202);
    const { importId } = (started.body as { data: { importId: string } }).data;
    const seen: number[] = [];
    let status = 'checking';
    while (status === 'checking' || status === 'applying') {
      const res = await t.request('GET', `/api/admin/imports/${importId}`, { headers: catalog.headers });
      const progress = (res.body as { data: { status: string; created: number } }).data;
      status = progress.status;
      if (status === 'applying') seen.push(progress.created);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(status).toBe('done');
    // Shoppers' requests (and this progress) were answered between the apply's transactions.
    expect(seen.some((created) => created > 0 && created < rows)).toBe(true);
    expect(await titled('Chunked lamp')).toBe(rows);
  });
});
