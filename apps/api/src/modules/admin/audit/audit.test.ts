import { randomBytes, randomUUID } from 'node:crypto';

import { AuditListResponseSchema, type AuditEntry } from '@dukkan/contracts/admin-orders';
import { AdminProductResponseSchema, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_EXPORT_COLUMNS, type AdminProduct } from '@dukkan/contracts/admin-products';
import { StaffItemResponseSchema } from '@dukkan/contracts/admin-staff';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { stringify } from 'csv-stringify/sync';
import { asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { auditLog, productImports, products } from '../../../db/schema';
import { createRoleStaff, createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';
import { insertStaffWithPassword, sessionHeaders, STAFF_PASSWORD } from '../staff/test-support';

const t = useTestApp();
const errorOf = (res: { body: unknown }) => ErrorResponseSchema.parse(res.body);

let owner: TestStaff;
let catalog: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  ({ owner, catalog, support } = await createRoleStaff(t.database.db));
});

const as = (who: TestStaff, body?: unknown) => ({ headers: who.headers, ...(body === undefined ? {} : { body }) });

/** The audit log through its route, as the owner reads it. */
async function audit(query: string): Promise<{ data: AuditEntry[]; total: number }> {
  const res = await t.request('GET', `/api/admin/audit${query}`, as(owner));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return AuditListResponseSchema.parse(res.body);
}

/** The records about one entity, oldest first. */
async function recordsOf(entityId: string): Promise<AuditEntry[]> {
  return (await audit(`?entity=${entityId}&pageSize=100`)).data.reverse();
}

const actorOf = (who: TestStaff) => ({ _id: who.id, email: who.email, role: who.role });

async function createProduct(): Promise<AdminProduct> {
  const res = await t.request(
    'POST',
    '/api/admin/products',
    as(catalog, {
      title: { en: 'Audited lamp', ar: 'مصباح' },
      description: { en: 'A lamp.', ar: 'مصباح.' },
      brand: { en: 'Lumo', ar: 'لومو' },
      category: 'electronics',
      price: 19.99,
      quantity: 7,
      status: 'draft',
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return AdminProductResponseSchema.parse(res.body).data;
}

describe('audit records of the catalog’s writes', () => {
  it('records a product’s creation, each update (changed fields only), its stock adjustment and its archiving', async () => {
    const product = await createProduct();
    expect((await t.request('PATCH', `/api/admin/products/${product._id}`, as(catalog, { price: 24.5, status: 'published', quantity: 9, reason: 'count' }))).status).toBe(200);
    // A PATCH that changes nothing records nothing.
    expect((await t.request('PATCH', `/api/admin/products/${product._id}`, as(catalog, { price: 24.5 }))).status).toBe(200);
    expect((await t.request('POST', `/api/admin/products/${product._id}/stock`, as(owner, { delta: -2, reason: 'broken in the store room' }))).status).toBe(200);
    expect((await t.request('DELETE', `/api/admin/products/${product._id}`, as(catalog))).status).toBe(204);

    const records = await recordsOf(product._id);
    expect(records.map((r) => r.action)).toEqual(['product.create', 'product.update', 'stock.adjust', 'product.archive']);
    const [created, updated, adjusted, archived] = records as [AuditEntry, AuditEntry, AuditEntry, AuditEntry];
    expect(created).toMatchObject({ actor: actorOf(catalog), entityType: 'product', entityId: product._id, address: '127.0.0.1', before: null });
    expect(created.after).toMatchObject({ title: { en: 'Audited lamp', ar: 'مصباح' }, price: 19.99, quantity: 7, status: 'draft', category: 'electronics' });
    expect(updated.before).toEqual({ price: 19.99, status: 'draft', quantity: 7 });
    expect(updated.after).toEqual({ price: 24.5, status: 'published', quantity: 9 });
    expect(adjusted).toMatchObject({ actor: actorOf(owner), before: { quantity: 9 }, after: { quantity: 7, delta: -2, reason: 'broken in the store room' } });
    expect(archived).toMatchObject({ actor: actorOf(catalog), before: { status: 'published' }, after: { status: 'archived' } });
  });

  it('a refused write records nothing (it rolls back with the change)', async () => {
    const product = await createProduct();
    const res = await t.request('POST', `/api/admin/products/${product._id}/stock`, as(catalog, { delta: -100, reason: 'too many' }));
    expect(res.status).toBe(409);
    expect((await recordsOf(product._id)).map((r) => r.action)).toEqual(['product.create']);
  });

  it('records photos added, reordered and deleted as product.photo with the pictures before and after', async () => {
    const product = await createProduct();
    const upload = async () => {
      const [r = 0, g = 0, b = 0] = randomBytes(3);
      const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } }).png().toBuffer();
      const boundary = `----audit${randomBytes(6).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/products/${product._id}/images`, headers: { ...catalog.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      expect(res.statusCode, res.body).toBe(201);
      return AdminProductResponseSchema.parse(res.json()).data.images;
    };
    await upload();
    const two = await upload();
    expect((await t.request('PUT', `/api/admin/products/${product._id}/images`, as(catalog, { order: [1, 0] }))).status).toBe(200);
    expect((await t.request('DELETE', `/api/admin/products/${product._id}/images/0`, as(catalog))).status).toBe(200);

    const photos = (await recordsOf(product._id)).filter((r) => r.action === 'product.photo');
    expect(photos.map((r) => [r.before, r.after])).toEqual([
      [{ images: [] }, { images: [two[0]] }],
      [{ images: [two[0]] }, { images: two }],
      [{ images: two }, { images: [two[1], two[0]] }],
      [{ images: [two[1], two[0]] }, { images: [two[0]] }],
    ]);
    expect(photos.every((r) => r.actor._id === catalog.id && r.entityType === 'product')).toBe(true);
  });

  it('records an applied import as import.apply with its counts; a dry run or a refused file records nothing', async () => {
    const [existing] = await t.database.db.select({ id: products.id, quantity: products.quantity }).from(products).orderBy(asc(products.position)).limit(1);
    const exportRes = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: catalog.headers });
    const lines = exportRes.body.replace(/^\uFEFF/, '').split('\r\n');
    const existingLine = lines.find((line) => line.startsWith(existing!.id));
    expect(existingLine).toBeTruthy();
    const newRow = PRODUCT_CSV_EXPORT_COLUMNS.map((column) =>
      ({ id: '', category: 'Grocery', subcategory: '', status: 'draft', title_en: 'Imported tea', title_ar: 'شاي', description_en: 'Tea.', description_ar: 'شاي.', brand_en: 'Dukkan', brand_ar: 'دكان', price: '4.99', list_price: '', quantity: '3' })[column],
    );
    const changed = existingLine!.replace(/,(\d+)$/, (_m, n: string) => `,${Number(n) + 1}`);
    const csv = `${PRODUCT_CSV_EXPORT_COLUMNS.join(',')}\r\n${changed}\r\n${stringify([newRow])}`;

    const before = await countRecords('import.apply');
    const dry = await t.request('POST', '/api/admin/products/import?dryRun=1', { headers: { ...catalog.headers, 'content-type': 'text/csv' }, body: csv });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const bad = await t.request('POST', '/api/admin/products/import', { headers: { ...catalog.headers, 'content-type': 'text/csv' }, body: `${PRODUCT_CSV_COLUMNS.join(',')}\r\n,Nowhere,draft,a,b,c,d,e,f,1,,1\r\n` });
    expect(bad.status).toBe(400);
    expect(await countRecords('import.apply')).toBe(before);

    const applied = await t.request('POST', '/api/admin/products/import', { headers: { ...catalog.headers, 'content-type': 'text/csv' }, body: csv });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await countRecords('import.apply')).toBe(before + 1);
    const [latest] = await t.database.db.select().from(productImports).where(eq(productImports.status, 'done')).orderBy(sql`${productImports.createdAt} desc`).limit(1);
    const records = await recordsOf(latest!.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'import.apply', entityType: 'import', entityId: latest!.id, actor: actorOf(catalog), after: { created: 1, updated: 1 } });
  });
});

async function countRecords(action: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action));
  return row?.n ?? 0;
}

describe('audit records of staff changes and sign-ins', () => {
  it('records adding, inviting and changing a member (role, disabled), never a password or its hash', async () => {
    const email = `member-${randomBytes(4).toString('hex')}@staff.test`;
    const created = await t.request('POST', '/api/admin/staff', as(owner, { email, name: 'New Member', role: 'support', password: STAFF_PASSWORD }));
    expect(created.status).toBe(201);
    const member = StaffItemResponseSchema.parse(created.body).data;
    expect((await t.request('PATCH', `/api/admin/staff/${member._id}`, as(owner, { role: 'catalog' }))).status).toBe(200);
    expect((await t.request('PATCH', `/api/admin/staff/${member._id}`, as(owner, { disabled: true }))).status).toBe(200);
    expect((await t.request('POST', `/api/admin/staff/${member._id}/two-factor/reset`, as(owner))).status).toBe(204);

    const invitedEmail = `invited-${randomBytes(4).toString('hex')}@staff.test`;
    const invited = StaffItemResponseSchema.parse((await t.request('POST', '/api/admin/staff', as(owner, { email: invitedEmail, name: 'Invited', role: 'catalog', invite: true }))).body).data;
    expect((await t.request('POST', `/api/admin/staff/${invited._id}/invite`, as(owner))).status).toBe(200);

    const records = await recordsOf(member._id);
    expect(records.map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.create', null, { email, name: 'New Member', role: 'support' }],
      ['staff.update', { role: 'support' }, { role: 'catalog' }],
      ['staff.update', { disabled: false }, { disabled: true }],
      ['staff.two-factor', { twoFactor: false }, { twoFactor: false, reset: true }],
    ]);
    expect(records.every((r) => r.actor._id === owner.id && r.entityType === 'staff')).toBe(true);
    expect((await recordsOf(invited._id)).map((r) => r.action)).toEqual(['staff.invite', 'staff.invite']);
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain(STAFF_PASSWORD);
    expect(everything).not.toContain('$argon2');
  });

  it('records a sign-in, each failed one (an unknown email with no id and the email typed), a password change and sign-out', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'support');
    const wrong = await t.request('POST', '/api/admin/session', { body: { email: member.email, password: 'not-the-password-1' }, remoteAddress: '203.0.113.9' });
    expect(wrong.status).toBe(401);
    const stranger = `Nobody-${randomBytes(4).toString('hex')}@Example.com`;
    const unknown = await t.request('POST', '/api/admin/session', { body: { email: stranger, password: 'whatever-it-is-1' }, remoteAddress: '203.0.113.9' });
    expect(unknown.status).toBe(401);
    const ok = await t.request('POST', '/api/admin/session', { body: { email: member.email, password: member.password } });
    expect(ok.status).toBe(200);
    const headers = sessionHeaders(ok);
    const newPassword = 'another-Staff-passphrase-77';
    const changed = await t.request('PUT', '/api/admin/account/password', { headers, body: { currentPassword: member.password, newPassword } });
    expect(changed.status).toBe(204);
    expect((await t.request('DELETE', '/api/admin/session', { headers: sessionHeaders(changed) })).status).toBe(204);

    const records = await recordsOf(member.id);
    expect(records.map((r) => r.action)).toEqual(['staff.sign-in-failed', 'staff.sign-in', 'staff.password', 'staff.sign-out']);
    expect(records[0]).toMatchObject({ actor: { _id: member.id, email: member.email, role: 'support' }, address: '203.0.113.9', after: { reason: 'wrong-password' } });
    expect(records[1]).toMatchObject({ actor: { _id: member.id, email: member.email, role: 'support' }, address: '127.0.0.1' });
    expect(records[2]?.before).toBeNull();
    expect(records[2]?.after).toBeNull();

    const byTypedEmail = await audit(`?actor=${encodeURIComponent(stranger)}`);
    expect(byTypedEmail.data).toEqual([
      expect.objectContaining({ action: 'staff.sign-in-failed', actor: { _id: null, email: stranger.toLowerCase(), role: null }, entityId: null, address: '203.0.113.9', after: { reason: 'unknown-email' } }),
    ]);
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain(newPassword);
    expect(everything).not.toContain('not-the-password-1');
  });

  it('records a disabled member’s sign-in with the right password as a failure', async () => {
    const member = await insertStaffWithPassword(t.database.db, 'catalog');
    expect((await t.request('PATCH', `/api/admin/staff/${member.id}`, as(owner, { disabled: true }))).status).toBe(200);
    expect((await t.request('POST', '/api/admin/session', { body: { email: member.email, password: member.password } })).status).toBe(401);
    const records = await recordsOf(member.id);
    expect(records.at(-1)).toMatchObject({ action: 'staff.sign-in-failed', after: { reason: 'disabled' } });
  });

  it('records the owner’s change of the shop’s settings, only when the value changes', async () => {
    const before = await countRecords('settings.update');
    expect((await t.request('PUT', '/api/admin/settings', as(owner, { requireTwoFactor: false }))).status).toBe(200);
    expect(await countRecords('settings.update')).toBe(before);
    expect((await t.request('PUT', '/api/admin/settings', as(owner, { requireTwoFactor: true }))).status).toBe(200);
    expect((await t.request('PUT', '/api/admin/settings', as(owner, { requireTwoFactor: false }))).status).toBe(200);
    const records = (await audit('?pageSize=100')).data.filter((r) => r.action === 'settings.update').slice(0, 2);
    expect(records.map((r) => [r.before, r.after])).toEqual([
      [{ requireTwoFactor: true }, { requireTwoFactor: false }],
      [{ requireTwoFactor: false }, { requireTwoFactor: true }],
    ]);
    expect(records[0]).toMatchObject({ actor: actorOf(owner), entityType: 'settings' });
  });
});

describe('GET /api/admin/audit', () => {
  it('is the owner’s only: support and catalog 403, no session 401', async () => {
    for (const member of [support, catalog]) {
      const res = await t.request('GET', '/api/admin/audit', as(member));
      expect(res.status).toBe(403);
      expect(errorOf(res).code).toBe('ROLE_FORBIDDEN');
    }
    const anonymous = await t.request('GET', '/api/admin/audit');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('filters by actor (id or email), entity and UTC days, newest first, paged with the total', async () => {
    const editor = await createTestStaff(t.database.db, 'catalog');
    const first = await t.request('POST', '/api/admin/products', {
      headers: editor.headers,
      body: { title: { en: 'One', ar: 'واحد' }, description: { en: 'x', ar: 'x' }, brand: { en: 'x', ar: 'x' }, category: 'electronics', price: 1, quantity: 1, status: 'draft' },
    });
    const product = AdminProductResponseSchema.parse(first.body).data;
    for (const price of [2, 3, 4]) expect((await t.request('PATCH', `/api/admin/products/${product._id}`, { headers: editor.headers, body: { price } })).status).toBe(200);

    const byId = await audit(`?actor=${editor.id}`);
    expect(byId.total).toBe(4);
    expect(byId.data.map((r) => r.action)).toEqual(['product.update', 'product.update', 'product.update', 'product.create']);
    expect(byId.data.map((r) => (r.after as { price?: number }).price)).toEqual([4, 3, 2, 1]);
    const byEmail = await audit(`?actor=${encodeURIComponent(editor.email.toUpperCase())}`);
    expect(byEmail.data.map((r) => r._id)).toEqual(byId.data.map((r) => r._id));

    const page1 = await audit(`?actor=${editor.id}&pageSize=3`);
    const page2 = await audit(`?actor=${editor.id}&pageSize=3&page=2`);
    expect(page1.total).toBe(4);
    expect([...page1.data, ...page2.data].map((r) => r._id)).toEqual(byId.data.map((r) => r._id));

    expect((await audit(`?entity=${product._id}&actor=${editor.id}`)).total).toBe(4);
    expect((await audit(`?entity=${product._id}&actor=${owner.id}`)).total).toBe(0);
    expect((await audit(`?entity=${randomUUID()}`)).total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`?actor=${editor.id}&from=${today}&to=${today}`)).total).toBe(4);
    expect((await audit(`?actor=${editor.id}&from=${tomorrow}`)).total).toBe(0);
    expect((await audit(`?actor=${editor.id}&to=${yesterday}`)).total).toBe(0);

    expect((await t.request('GET', `/api/admin/audit?from=${today}&to=${yesterday}`, as(owner))).status).toBe(400);
    expect((await t.request('GET', '/api/admin/audit?from=2026-13-01', as(owner))).status).toBe(400);
  });
});

describe('the audit log is append-only', () => {
  it('has no route that changes or removes a record', async () => {
    const [record] = (await audit('?pageSize=1')).data;
    expect(record).toBeDefined();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${record!._id}`]) {
        const res = await t.request(method, url, as(owner, method === 'DELETE' ? undefined : { action: 'staff.sign-in' }));
        expect([404, 405], `${method} ${url}`).toContain(res.status);
      }
    }
    expect((await audit(`?pageSize=1`)).data[0]).toEqual(record);
  });

  it('the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(auditLog);
    expect(before!.n).toBeGreaterThan(0);
    await expect(t.database.db.update(auditLog).set({ actorEmail: 'someone@else.test' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [after] = await t.database.db.select({ n: count() }).from(auditLog);
    expect(after!.n).toBe(before!.n);
    const emails = await t.database.db.select({ email: auditLog.actorEmail }).from(auditLog).where(eq(auditLog.actorEmail, 'someone@else.test'));
    expect(emails).toHaveLength(0);
  });
});
