import { randomBytes, randomUUID } from 'node:crypto';

import { AdminCustomerListResponseSchema, AdminCustomerResponseSchema, AuditEntrySchema, CustomerPasswordResetResponseSchema } from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { XSRF_HEADER } from '@dukkan/contracts/xsrf';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orders, outbox, passwordResets, users } from '../../../db/schema';
import { passwordResetMessage } from '../../../mail/messages';
import { orderFixtures } from '../../../test/order-fixtures';
import { productSupply, TEST_ADDRESS } from '../../../test/shop-fixtures';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp, type TestUser } from '../../../test/test-app';

const t = useTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });
const { placedOrder } = orderFixtures(t);
const supply = productSupply(() => t.database.db);
const errorOf = (res: { body: unknown }) => ErrorResponseSchema.parse(res.body);

let owner: TestStaff;
let support: TestStaff;
let catalog: TestStaff;

beforeAll(async () => {
  owner = await createTestStaff(t.database.db, 'owner');
  support = await createTestStaff(t.database.db, 'support');
  catalog = await createTestStaff(t.database.db, 'catalog');
});

const as = (who: TestStaff, body?: unknown) => ({ headers: who.headers, ...(body === undefined ? {} : { body }) });
const withoutXsrf = (who: TestStaff) => {
  const { [XSRF_HEADER]: _dropped, ...rest } = who.headers;
  return rest;
};
/** A word no other test's name or email holds. */
const tag = () => `zq${randomBytes(4).toString('hex')}`;

async function auditOf(entityId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id));
}

async function mailsTo(to: string, kind: string) {
  return t.database.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.kind, kind))).orderBy(asc(outbox.createdAt));
}

/** Marks an order paid (as the provider's event would), with what was refunded of it. */
async function markPaid(orderId: string, paymentStatus = 'Paid', refundedCents = 0) {
  await t.database.db.update(orders).set({ paymentStatus, paidAt: sql`now()`, refundedCents }).where(eq(orders.id, orderId));
}

describe('role matrix of the customer routes', () => {
  let shopper: TestUser;
  beforeAll(async () => {
    shopper = await t.createUser();
  });

  const routes = [
    { name: 'GET /customers', run: (headers: Record<string, string>) => t.request('GET', '/api/admin/customers', { headers }), ok: 200, write: false },
    { name: 'GET /customers/{id}', run: (headers: Record<string, string>) => t.request('GET', `/api/admin/customers/${shopper.id}`, { headers }), ok: 200, write: false },
    { name: 'PATCH /customers/{id}', run: (headers: Record<string, string>) => t.request('PATCH', `/api/admin/customers/${shopper.id}`, { headers, body: { disabled: false } }), ok: 200, write: true },
    { name: 'POST /customers/{id}/password-reset', run: (headers: Record<string, string>) => t.request('POST', `/api/admin/customers/${shopper.id}/password-reset`, { headers }), ok: 202, write: true },
  ];

  it.each(routes.map((route) => [route.name, route] as const))('%s: owner and support 2xx, catalog 403, no session 401, a shopper’s token 401', async (_name, route) => {
    expect((await route.run(owner.headers)).status).toBe(route.ok);
    expect((await route.run(support.headers)).status).toBe(route.ok);
    const refused = await route.run(catalog.headers);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('ROLE_FORBIDDEN');
    const anonymous = await route.run({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect((await route.run({ token: shopper.token })).status).toBe(401);
  });

  it('refuses a write without its XSRF token: 403, nothing changed', async () => {
    const target = await t.createUser();
    const patch = await t.request('PATCH', `/api/admin/customers/${target.id}`, { headers: withoutXsrf(support), body: { disabled: true } });
    expect(patch.status).toBe(403);
    expect(errorOf(patch).code).toBe('XSRF_TOKEN_INVALID');
    const reset = await t.request('POST', `/api/admin/customers/${target.id}/password-reset`, { headers: withoutXsrf(support) });
    expect(reset.status).toBe(403);
    const [row] = await t.database.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, target.id));
    expect(row?.disabledAt).toBeNull();
    expect(await mailsTo(target.email, 'password-reset')).toHaveLength(0);
    expect(await auditOf(target.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/customers', () => {
  it('finds customers by part of the email or the name in any letter case, newest first, paged, with the total', async () => {
    const word = tag();
    const first = await t.createUser({ name: `Layla ${word.toUpperCase()} Haddad` });
    const second = await t.createUser({ email: `${word}-mail-${randomBytes(3).toString('hex')}@example.com` });
    const third = await t.createUser({ name: `Omar ${word}` });
    await t.createUser({ name: 'Somebody Else' });

    const byWord = AdminCustomerListResponseSchema.parse((await t.request('GET', `/api/admin/customers?q=${word.toUpperCase()}`, as(support))).body);
    expect(byWord.total).toBe(3);
    expect(byWord.data.map((c) => c._id)).toEqual([third.id, second.id, first.id]);

    const page1 = AdminCustomerListResponseSchema.parse((await t.request('GET', `/api/admin/customers?q=${word}&pageSize=2`, as(owner))).body);
    const page2 = AdminCustomerListResponseSchema.parse((await t.request('GET', `/api/admin/customers?q=${word}&pageSize=2&page=2`, as(owner))).body);
    expect(page1.total).toBe(3);
    expect(page1.data.map((c) => c._id)).toEqual([third.id, second.id]);
    expect(page2.data.map((c) => c._id)).toEqual([first.id]);

    const byEmail = AdminCustomerListResponseSchema.parse((await t.request('GET', `/api/admin/customers?q=${encodeURIComponent(`${word}-MAIL`)}`, as(owner))).body);
    expect(byEmail.data.map((c) => c.email)).toEqual([second.email]);
    expect(byEmail.data[0]).toMatchObject({ name: 'Test Shopper', disabled: false, orderCount: 0, lifetimeSpend: 0 });

    // LIKE's wildcards are taken literally.
    const wildcard = AdminCustomerListResponseSchema.parse((await t.request('GET', '/api/admin/customers?q=%25%25', as(owner))).body);
    expect(wildcard.total).toBe(0);
    const everyone = AdminCustomerListResponseSchema.parse((await t.request('GET', '/api/admin/customers?pageSize=100', as(owner))).body);
    expect(everyone.total).toBeGreaterThanOrEqual(4);
  });

  it('refuses a bad page: 400', async () => {
    const res = await t.request('GET', '/api/admin/customers?page=0', as(owner));
    expect(res.status).toBe(400);
    expect((await t.request('GET', '/api/admin/customers?pageSize=101', as(owner))).status).toBe(400);
  });
});

describe('GET /api/admin/customers/{id}', () => {
  it('answers the profile, addresses, orders and lifetime spend, and never a password hash', async () => {
    const [productId] = await supply.take(1, { stock: 50, priceCents: 1250 });
    const { shopper, order: paid } = await placedOrder([{ _id: productId!, quantity: 2 }]);
    await markPaid(paid._id);
    // Three more orders of the same shopper: partly refunded, unpaid, and refunded in full.
    const addressId = (await customerOf(shopper)).addresses[0]?._id;
    const more: string[] = [];
    for (const [paymentStatus, refundedCents] of [['Partially refunded', 500], ['Pending', 0], ['Refunded', 1250]] as const) {
      const res = await t.request('POST', '/api/orders', {
        as: shopper,
        body: { userId: shopper.id, amount: 0, status: 'Waiting for Supplier', items: [{ _id: productId, quantity: 1 }], shippingAddress: { _id: addressId } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = (res.body as { data: { _id: string } }).data._id;
      if (paymentStatus !== 'Pending') await markPaid(id, paymentStatus, refundedCents);
      more.push(id);
    }

    const res = await t.request('GET', `/api/admin/customers/${shopper.id}`, as(support));
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password/i);
    expect(text).not.toContain('$argon2');
    const customer = AdminCustomerResponseSchema.parse(res.body).data;
    expect(customer).toMatchObject({ _id: shopper.id, email: shopper.email, name: 'Test Shopper', disabled: false, marketingEmails: false, orderCount: 4 });
    // 25.00 + (12.50 − 5.00) + (12.50 − 12.50); the unpaid order spends nothing.
    expect(customer.lifetimeSpend).toBe(32.5);
    expect(customer.addresses).toHaveLength(1);
    expect(customer.addresses[0]).toMatchObject(TEST_ADDRESS);
    expect(customer.orders.map((o) => o._id)).toEqual([more[2], more[1], more[0], paid._id]);
    expect(customer.orders[3]).toMatchObject({ amount: 25, refunded: 0, itemCount: 2, paymentStatus: 'Paid', status: 'Waiting for Supplier', customer: { _id: shopper.id, email: shopper.email } });
    expect(customer.orders[2]).toMatchObject({ amount: 12.5, refunded: 5, paymentStatus: 'Partially refunded', itemCount: 1 });
    expect(customer.orders[1]).toMatchObject({ paymentStatus: 'Pending' });

    const listed = AdminCustomerListResponseSchema.parse((await t.request('GET', `/api/admin/customers?q=${encodeURIComponent(shopper.email)}`, as(support))).body);
    expect(listed.data).toEqual([expect.objectContaining({ _id: shopper.id, orderCount: 4, lifetimeSpend: 32.5 })]);
    expect(JSON.stringify(listed)).not.toMatch(/password|\$argon2/i);
  });

  it('answers 400 for a bad id and 404 CUSTOMER_NOT_FOUND for an unknown one', async () => {
    const bad = await t.request('GET', '/api/admin/customers/not-an-id', as(owner));
    expect(bad.status).toBe(400);
    const unknown = await t.request('GET', `/api/admin/customers/${randomUUID()}`, as(owner));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('CUSTOMER_NOT_FOUND');
    const patchUnknown = await t.request('PATCH', `/api/admin/customers/${randomUUID()}`, as(owner, { disabled: true }));
    expect(patchUnknown.status).toBe(404);
    expect(errorOf(patchUnknown).code).toBe('CUSTOMER_NOT_FOUND');
    const resetUnknown = await t.request('POST', `/api/admin/customers/${randomUUID()}/password-reset`, as(owner));
    expect(resetUnknown.status).toBe(404);
  });
});

async function customerOf(shopper: TestUser) {
  return AdminCustomerResponseSchema.parse((await t.request('GET', `/api/admin/customers/${shopper.id}`, as(owner))).body).data;
}

describe('PATCH /api/admin/customers/{id}', () => {
  it('disabling ends the shopper’s sessions at once and refuses sign-in; re-enabling lets them sign in again', async () => {
    const shopper = await t.createUser();
    expect((await t.request('GET', `/api/users/${shopper.id}`, { as: shopper })).status).toBe(200);

    const off = await t.request('PATCH', `/api/admin/customers/${shopper.id}`, as(support, { disabled: true }));
    expect(off.status).toBe(200);
    expect(AdminCustomerResponseSchema.parse(off.body).data).toMatchObject({ _id: shopper.id, disabled: true });

    // The token they hold is refused at once.
    const me = await t.request('GET', `/api/users/${shopper.id}`, { as: shopper });
    expect(me.status).toBe(401);
    expect((await t.request('GET', '/api/cart', { as: shopper })).status).toBe(401);

    // The right password: 403 ACCOUNT_DISABLED; a wrong one: the same 401 as for everyone.
    const signIn = await t.request('POST', '/api/users/signin', { body: { email: shopper.email, password: shopper.password } });
    expect(signIn.status).toBe(403);
    expect(errorOf(signIn)).toEqual({ code: 'ACCOUNT_DISABLED', message: 'This account has been disabled. Please contact the shop.' });
    const wrong = await t.request('POST', '/api/users/signin', { body: { email: shopper.email, password: 'not-the-Password-123' } });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');

    // Disabling again changes nothing and records nothing more.
    expect((await t.request('PATCH', `/api/admin/customers/${shopper.id}`, as(support, { disabled: true }))).status).toBe(200);

    const on = await t.request('PATCH', `/api/admin/customers/${shopper.id}`, as(owner, { disabled: false }));
    expect(on.status).toBe(200);
    expect(AdminCustomerResponseSchema.parse(on.body).data.disabled).toBe(false);
    // The old token stays ended (its version was raised); a new sign-in works.
    expect((await t.request('GET', `/api/users/${shopper.id}`, { as: shopper })).status).toBe(401);
    const again = await t.request('POST', '/api/users/signin', { body: { email: shopper.email, password: shopper.password } });
    expect(again.status).toBe(200);
    const token = (again.body as { token: string }).token;
    expect((await t.request('GET', `/api/users/${shopper.id}`, { as: token })).status).toBe(200);

    const records = await auditOf(shopper.id);
    expect(records.map((r) => [r.action, r.actorId, r.entityType, r.before, r.after])).toEqual([
      ['customer.update', support.id, 'customer', { disabled: false }, { disabled: true }],
      ['customer.update', owner.id, 'customer', { disabled: true }, { disabled: false }],
    ]);
    expect(records[0]).toMatchObject({ actorEmail: support.email, actorRole: 'support', address: '127.0.0.1' });
  });

  it('refuses a body other than {disabled: boolean}: 400', async () => {
    const shopper = await t.createUser();
    for (const body of [{}, { disabled: 'yes' }, { disabled: true, name: 'x' }]) {
      const res = await t.request('PATCH', `/api/admin/customers/${shopper.id}`, as(owner, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('a disabled account gets no reset mail from "forgot password", and an earlier link stops working', async () => {
    const shopper = await t.createUser();
    // A link mailed before the account is disabled.
    expect((await t.request('POST', `/api/admin/customers/${shopper.id}/password-reset`, as(support))).status).toBe(202);
    const [mail] = await mailsTo(shopper.email, 'password-reset');
    const token = /reset-password\/([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? /token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeTruthy();

    expect((await t.request('PATCH', `/api/admin/customers/${shopper.id}`, as(support, { disabled: true }))).status).toBe(200);
    const forgot = await t.request('POST', '/api/users/forgot-password', { body: { email: shopper.email } });
    expect(forgot.status).toBe(202);
    expect(await mailsTo(shopper.email, 'password-reset')).toHaveLength(1);
    const unused = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, shopper.id));
    expect(unused).toHaveLength(0);
    const reset = await t.request('POST', '/api/users/reset-password', { body: { token, password: 'a-Brand-new-passphrase-4' } });
    expect(reset.status).toBe(400);
    expect(errorOf(reset).code).toBe('INVALID_RESET_LINK');

    // Staff cannot send one either while it is disabled.
    const refused = await t.request('POST', `/api/admin/customers/${shopper.id}/password-reset`, as(support));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('ACCOUNT_DISABLED');
  });
});

describe('POST /api/admin/customers/{id}/password-reset', () => {
  it('puts the shop’s reset mail in the outbox, in English without orders, and records who sent it', async () => {
    const shopper = await t.createUser({ name: 'Nadia Reset' });
    const res = await t.request('POST', `/api/admin/customers/${shopper.id}/password-reset`, as(support));
    expect(res.status).toBe(202);
    expect(CustomerPasswordResetResponseSchema.parse(res.body)).toEqual({ data: { sent: true } });
    const mails = await mailsTo(shopper.email, 'password-reset');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(passwordResetMessage({ to: shopper.email, name: 'x', link: 'x', lng: 'en' }).subject);
    expect(mails[0]?.textBody).toContain('https://shop.example.com/');
    expect(mails[0]?.textBody).toContain('Nadia Reset');
    const links = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, shopper.id));
    expect(links).toHaveLength(1);

    const [record] = await auditOf(shopper.id);
    expect(AuditEntrySchema.shape.action.parse(record?.action)).toBe('customer.password-reset');
    expect(record).toMatchObject({ actorId: support.id, actorRole: 'support', entityType: 'customer' });
    expect(JSON.stringify(record)).not.toMatch(/token|reset-password\//);

    // The link works: the shopper sets a new password and signs in with it.
    const token = /reset-password\/([\w-]+)/.exec(mails[0]?.textBody ?? '')?.[1] ?? /token=([\w-]+)/.exec(mails[0]?.textBody ?? '')?.[1];
    expect((await t.request('POST', '/api/users/reset-password', { body: { token, password: 'a-Brand-new-passphrase-4' } })).status).toBe(200);
    expect((await t.request('POST', '/api/users/signin', { body: { email: shopper.email, password: 'a-Brand-new-passphrase-4' } })).status).toBe(200);
  });

  it('writes the mail in the language of the shopper’s latest order', async () => {
    const [productId] = await supply.take(1, { stock: 10 });
    const { shopper, order } = await placedOrder([{ _id: productId!, quantity: 1 }]);
    await t.database.db.update(orders).set({ lng: 'ar' }).where(eq(orders.id, order._id));
    expect((await t.request('POST', `/api/admin/customers/${shopper.id}/password-reset`, as(owner))).status).toBe(202);
    const [mail] = await mailsTo(shopper.email, 'password-reset');
    expect(mail?.subject).toBe(passwordResetMessage({ to: shopper.email, name: 'x', link: 'x', lng: 'ar' }).subject);
  });
});
