import { ORDER_CSV_COLUMNS } from '@dukkan/contracts/admin-orders';
import { AdminProductResponseSchema, ImportResultSchema, PRODUCT_CSV_EXPORT_COLUMNS, type AdminProduct, type CreateProductBody } from '@dukkan/contracts/admin-products';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { orders, products, users } from '../../../db/schema';
import { orderFixtures } from '../../../test/order-fixtures';
import { productSupply } from '../../../test/shop-fixtures';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';

/*
 * Issue #32: a cell of the shop's CSV files never reaches a spreadsheet as a formula, a line
 * break never splits a row, and the product import reads back exactly what the export wrote.
 */

const t = useTestApp();
const supply = productSupply(() => t.database.db);
const { placedOrder } = orderFixtures(t);

let catalog: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  catalog = await createTestStaff(t.database.db, 'catalog');
  support = await createTestStaff(t.database.db, 'support');
});

/** Text a spreadsheet runs when a cell starts with it: OWASP's list, one of each. */
const FORMULAS = ['=1+1', '+SUM(1+1)', "-2+3+cmd|'/C calc'!A0", '@SUM(1+1)', '\tTAB()', '\rCR()'];

/** A standard reader's records of a CSV file, its byte-order mark dropped. */
const recordsOf = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ''));

const column = (name: (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number]) => PRODUCT_CSV_EXPORT_COLUMNS.indexOf(name);

async function exportProducts(): Promise<string[][]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: catalog.headers });
  expect(res.statusCode).toBe(200);
  return recordsOf(res.body);
}

async function createProduct(title: string, overrides: Partial<CreateProductBody> = {}): Promise<AdminProduct> {
  const body: CreateProductBody = {
    title: { en: title, ar: `${title} بالعربية` },
    description: { en: `${title} described`, ar: 'وصف' },
    brand: { en: 'Dukkan', ar: 'دكان' },
    category: 'Grocery',
    price: 2.5,
    quantity: 3,
    status: 'draft',
    ...overrides,
  };
  const res = await t.request('POST', '/api/admin/products', { headers: catalog.headers, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return AdminProductResponseSchema.parse(res.body).data;
}

describe('GET /api/admin/products/export.csv', () => {
  it('writes a title starting with =, +, -, @, a tab or a CR with a leading apostrophe, and keeps prices numbers', async () => {
    const product = await createProduct('Placeholder', { price: 12.5, listPrice: 15 });
    try {
      for (const formula of FORMULAS) {
        // Straight into the table: the API trims a title, so it never starts with a tab or a CR.
        await t.database.db.update(products).set({ titleEn: formula, brandAr: formula }).where(eq(products.id, product._id));
        const row = (await exportProducts()).find((r) => r[0] === product._id);
        expect(row?.[column('title_en')], JSON.stringify(formula)).toBe(`'${formula}`);
        expect(row?.[column('brand_ar')]).toBe(`'${formula}`);
        expect(row?.[column('price')]).toBe('12.50');
        expect(row?.[column('list_price')]).toBe('15.00');
        expect(row?.[column('quantity')]).toBe('3');
      }
    } finally {
      await t.database.db.update(products).set({ titleEn: 'Placeholder', brandAr: 'دكان' }).where(eq(products.id, product._id));
    }
  });

  it('quotes a title with a line break, so the row stays one row', async () => {
    const product = await createProduct('=1+1\n=2+2');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: catalog.headers });
    expect(res.body).toContain(`"'=1+1\n=2+2"`);
    const rows = recordsOf(res.body);
    expect(rows.every((r) => r.length === PRODUCT_CSV_EXPORT_COLUMNS.length)).toBe(true);
    expect(rows.find((r) => r[0] === product._id)?.[column('title_en')]).toBe("'=1+1\n=2+2");
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  it('writes a customer email a spreadsheet would run with a leading apostrophe, quotes one with a line break, and keeps amounts numbers', async () => {
    const [item] = await supply.take(1, { priceCents: 1234 });
    const { order } = await placedOrder([{ _id: item!, quantity: 1 }]);
    // The shopper is made in the table: sign-up refuses such addresses (issue #32's other part),
    // but accounts made before that, or by other means, may hold one.
    const [shopper] = await t.database.db.insert(users).values({ name: 'Eve', email: 'eve-placeholder@x.io', passwordHash: 'not-a-hash' }).returning({ id: users.id });
    await t.database.db.update(orders).set({ userId: shopper!.id }).where(eq(orders.id, order._id));
    const today = new Date().toISOString().slice(0, 10);
    const emails = ['=hyperlink("http://evil.example","click")&"@x.io"', ...FORMULAS.map((f) => `${f.toLowerCase()}@x.io`), '=1+1\n=2+2@x.io'];
    for (const email of emails) {
      await t.database.db.update(users).set({ email }).where(eq(users.id, shopper!.id));
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv?from=${today}&to=${today}`, headers: support.headers });
      expect(res.statusCode).toBe(200);
      const rows = recordsOf(res.body);
      expect(rows[0]).toEqual([...ORDER_CSV_COLUMNS]);
      expect(rows.every((r) => r.length === ORDER_CSV_COLUMNS.length)).toBe(true);
      const row = rows.find((r) => r[0] === order._id);
      expect(row?.[ORDER_CSV_COLUMNS.indexOf('customer_email')], JSON.stringify(email)).toBe(`'${email}`);
      expect(row?.[ORDER_CSV_COLUMNS.indexOf('amount')]).toBe('12.34');
      expect(row?.[ORDER_CSV_COLUMNS.indexOf('refunded')]).toBe('0.00');
    }
  });
});

describe('export → import', () => {
  it('changes nothing, for titles with formulas, line breaks or a leading apostrophe', async () => {
    const titles = ['=1+1', '+SUM(1+1)', "-2+3+cmd|'/C calc'!A0", '@SUM(1+1)', "'=already quoted", "''=twice", "'tis the season", '=1+1\n=2+2', "'"];
    const created = await Promise.all(titles.map((title) => createProduct(title)));
    const ids = created.map((p) => p._id);
    const before = await t.database.db.select().from(products).where(inArray(products.id, ids));

    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: catalog.headers });
    const rows = recordsOf(exported.body);
    expect(rows.find((r) => r[0] === created[4]!._id)?.[column('title_en')]).toBe("''=already quoted");
    expect(rows.find((r) => r[0] === created[6]!._id)?.[column('title_en')]).toBe("'tis the season");

    const imported = await t.request('POST', '/api/admin/products/import', { headers: { ...catalog.headers, 'content-type': 'text/csv' }, body: exported.rawPayload });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(ImportResultSchema.parse(imported.body).data).toEqual({ created: 0, updated: 0 });
    const after = await t.database.db.select().from(products).where(inArray(products.id, ids));
    expect(after).toEqual(before);
    expect(after.map((p) => p.titleEn).sort()).toEqual([...titles].sort());
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: catalog.headers })).body).toBe(exported.body);
  });
});
