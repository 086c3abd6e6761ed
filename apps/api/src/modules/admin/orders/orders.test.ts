import { AdminOrderListResponseSchema, AdminOrderResponseSchema, type AdminOrder } from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { CheckoutSessionResponseSchema, type Order } from '@dukkan/contracts/orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog, orderEvents, orders, outbox, refunds, stockLedger, users } from '../../../db/schema';
import { orderFixtures } from '../../../test/order-fixtures';
import { productSupply } from '../../../test/shop-fixtures';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp, type JsonAnswer, type TestUser } from '../../../test/test-app';

import { idPrefixRange } from './service';

const t = useTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
const supply = productSupply(() => t.database.db);
const { placedOrder, orderNow } = orderFixtures(t);

const GOOD_CARD = { name: 'Omar Hassan', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** Pays the order on the sandbox's card page, as the shopper does. */
async function pay(shopper: TestUser, order: Order): Promise<void> {
  const res = await t.request('POST', '/api/stripe/create-checkout-session', { as: shopper, body: { order, userId: shopper.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { url } = CheckoutSessionResponseSchema.parse(res.body);
  const paid = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(GOOD_CARD).toString() });
  expect(paid.statusCode).toBeLessThan(400);
  expect((await orderNow(shopper, order)).paymentStatus).toBe('Paid');
}

/** A paid order of `quantity` units of each of `products`. */
async function paidOrder(products: string[], quantity = 2) {
  const placed = await placedOrder(products.map((_id) => ({ _id, quantity })));
  await pay(placed.shopper, placed.order);
  return placed;
}

const staffOf: Partial<Record<'owner' | 'support' | 'catalog', TestStaff>> = {};
async function staffMember(role: 'owner' | 'support' | 'catalog'): Promise<TestStaff> {
  staffOf[role] ??= await createTestStaff(t.database.db, role);
  return staffOf[role];
}

async function as(role: 'owner' | 'support' | 'catalog', method: 'GET' | 'POST', url: string, body?: unknown): Promise<JsonAnswer> {
  const { headers } = await staffMember(role);
  return t.request(method, url, { headers, ...(body !== undefined ? { body } : {}) });
}

/** The order as the back office answers it, checked against its schema. */
function orderOf(res: JsonAnswer, status = 200): AdminOrder {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return AdminOrderResponseSchema.parse(res.body).data;
}

function refusal(res: JsonAnswer, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = ErrorResponseSchema.parse(res.body);
  expect(body.code).toBe(code);
  return body;
}

const mailsOf = (orderId: string) =>
  t.database.db.select({ kind: outbox.kind, subject: outbox.subject, text: outbox.textBody, to: outbox.recipient }).from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.createdAt));
const auditOf = (orderId: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, orderId))).orderBy(asc(auditLog.id));
const ledgerOf = (orderId: string) =>
  t.database.db.select().from(stockLedger).where(eq(stockLedger.orderId, orderId)).orderBy(asc(stockLedger.seq));

describe('the roles of the order routes', () => {
  it('lets owner and support in, keeps catalog out (403), asks for a session (401) and for the XSRF token on writes (403)', async () => {
    const [p] = await supply.take(1);
    const { order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    const urls: ['GET' | 'POST', string, unknown][] = [
      ['GET', '/api/admin/orders', undefined],
      ['GET', `/api/admin/orders/${order._id}`, undefined],
      ['GET', '/api/admin/orders/export.csv', undefined],
      ['POST', `/api/admin/orders/${order._id}/status`, { status: 'Processing' }],
      ['POST', `/api/admin/orders/${order._id}/cancel`, { reason: 'test' }],
      ['POST', `/api/admin/orders/${order._id}/refunds`, { reason: 'test', restock: false }],
    ];
    for (const [method, url, body] of urls) {
      refusal(await as('catalog', method, url, body), 403, 'ROLE_FORBIDDEN');
      refusal(await t.request(method, url, body === undefined ? {} : { body }), 401, 'STAFF_SIGN_IN_REQUIRED');
      if (method === 'POST') {
        const { headers } = await staffMember('support');
        const cookieOnly = { cookie: headers.cookie ?? '' };
        refusal(await t.request(method, url, { headers: cookieOnly, body }), 403, 'XSRF_TOKEN_INVALID');
      } else {
        for (const role of ['support', 'owner'] as const) {
          const { headers } = await staffMember(role);
          expect((await t.app.inject({ method, url, headers })).statusCode, `${role} ${url}`).toBe(200);
        }
      }
    }
    // Nothing changed through the refused writes.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect([row?.status, row?.paymentStatus]).toEqual(['Waiting for Supplier', 'Pending']);
  });

  it('answers 400 INVALID_ORDER_ID for what is not an order id and 404 ORDER_NOT_FOUND for an unknown one', async () => {
    refusal(await as('support', 'GET', '/api/admin/orders/not-an-id'), 400, 'INVALID_ORDER_ID');
    refusal(await as('support', 'GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000'), 404, 'ORDER_NOT_FOUND');
    refusal(await as('support', 'POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/status', { status: 'Processing' }), 404, 'ORDER_NOT_FOUND');
  });
});

describe('the order list', () => {
  it('filters by status, payment status and days, searches ids, emails and names, sorts and pages', async () => {
    const [p, q] = await supply.take(2, { stock: 50, priceCents: 1000 });
    const unique = `Zubaida${Date.now()}`;
    const shopper = await t.createUser({ name: `${unique} Haddad`, email: `${unique.toLowerCase()}@Example.com` });
    const first = await placedOrder([{ _id: p!, quantity: 1 }]);
    const second = await paidOrder([q!], 3);
    // Re-home the first two orders on our shopper, and date them: the first yesterday.
    await t.database.db.update(orders).set({ userId: shopper.id, createdAt: sql`now() - interval '1 day'` }).where(eq(orders.id, first.order._id));
    await t.database.db.update(orders).set({ userId: shopper.id }).where(eq(orders.id, second.order._id));

    const list = async (query: string) => {
      const res = await as('support', 'GET', `/api/admin/orders?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return AdminOrderListResponseSchema.parse(res.body);
    };
    const idsOf = (answer: { data: { _id: string }[] }) => answer.data.map((o) => o._id);

    const byEmail = await list(`q=${unique.slice(2, 10).toUpperCase()}`);
    expect(idsOf(byEmail)).toEqual([second.order._id, first.order._id]);
    expect(byEmail.total).toBe(2);
    expect(byEmail.data[0]).toMatchObject({ customer: { _id: shopper.id, name: `${unique} Haddad` }, amount: 30, refunded: 0, itemCount: 3, status: 'Waiting for Supplier', paymentStatus: 'Paid' });
    expect(idsOf(await list(`q=${encodeURIComponent(`${unique.toLowerCase()} hadd`)}`))).toEqual([second.order._id, first.order._id]);
    expect(idsOf(await list(`q=${first.order._id}`))).toEqual([first.order._id]);
    expect(idsOf(await list(`q=${first.order._id.slice(0, 13).toUpperCase()}`))).toContain(first.order._id);
    expect((await list(`q=${unique}&paymentStatus=Paid`)).data.map((o) => o._id)).toEqual([second.order._id]);
    expect((await list(`q=${unique}&status=Waiting%20for%20Supplier&paymentStatus=Pending`)).data.map((o) => o._id)).toEqual([first.order._id]);
    expect((await list(`q=${encodeURIComponent('%_')}`)).total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(idsOf(await list(`q=${unique}&from=${today}&to=${today}`))).toEqual([second.order._id]);
    expect(idsOf(await list(`q=${unique}&from=${yesterday}&to=${yesterday}`))).toEqual([first.order._id]);
    expect(idsOf(await list(`q=${unique}&to=${yesterday}`))).toEqual([first.order._id]);

    expect(idsOf(await list(`q=${unique}&sort=amount`))).toEqual([first.order._id, second.order._id]);
    const paged = await list(`q=${unique}&pageSize=1&page=2`);
    expect([idsOf(paged), paged.total]).toEqual([[first.order._id], 2]);

    const all = await list('paymentStatus=Paid&pageSize=100');
    expect(all.data.every((o) => o.paymentStatus === 'Paid')).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(1);
    refusal(await as('support', 'GET', `/api/admin/orders?from=${today}&to=${yesterday}`), 400, 'VALIDATION_ERROR');
    refusal(await as('support', 'GET', '/api/admin/orders?status=Lost'), 400, 'VALIDATION_ERROR');
  });

  it('reads an order id prefix as a range of ids', () => {
    expect(idPrefixRange('AB12')).toEqual({ low: 'ab120000-0000-0000-0000-000000000000', high: 'ab12ffff-ffff-ffff-ffff-ffffffffffff' });
    expect(idPrefixRange('ab12cdef-')).toEqual({ low: 'ab12cdef-0000-0000-0000-000000000000', high: 'ab12cdef-ffff-ffff-ffff-ffffffffffff' });
    expect(idPrefixRange('sara')).toBeNull();
    expect(idPrefixRange('ab12cdef0')).toBeNull();
  });
});

describe('moving an order on', () => {
  it('takes a paid order through every legal step, mailing the shopper when shipped and delivered, and records each', async () => {
    const [p] = await supply.take(1, { stock: 10 });
    const { order, shopper } = await paidOrder([p!]);
    await t.database.db.update(orders).set({ lng: 'ar' }).where(eq(orders.id, order._id));
    const url = `/api/admin/orders/${order._id}/status`;

    refusal(await as('support', 'POST', url, { status: 'Shipped' }), 409, 'ILLEGAL_STATUS_MOVE');
    refusal(await as('support', 'POST', url, { status: 'Waiting for Supplier' }), 409, 'ILLEGAL_STATUS_MOVE');
    refusal(await as('support', 'POST', url, { status: 'Cancelled' }), 409, 'ILLEGAL_STATUS_MOVE');
    for (const [status, next] of [
      ['Processing', 'Shipped'],
      ['Shipped', 'Delivered'],
      ['Delivered', null],
    ] as const) {
      const moved = orderOf(await as('support', 'POST', url, { status }));
      expect([moved.status, moved.nextStatus]).toEqual([status, next]);
    }
    const delivered = refusal(await as('support', 'POST', url, { status: 'Delivered' }), 409, 'CANNOT_ADVANCE');
    expect(delivered.message).toContain('already delivered');
    expect((await orderNow(shopper, order)).status).toBe('Delivered');

    const mails = await mailsOf(order._id);
    expect(mails.map((m) => m.kind)).toEqual(['order-confirmation', 'order-shipped', 'order-delivered']);
    expect(mails[1]?.to).toBe(shopper.email);
    // In the order's language, with the link to its page.
    expect(mails[1]?.subject).toBe(`طلبك ${order._id.slice(0, 8).toUpperCase()} من دكّان في الطريق إليك`);
    expect(mails[2]?.text).toContain(`https://shop.example/Order/${order._id}`);

    const support = await staffMember('support');
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id)).orderBy(asc(orderEvents.seq));
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.staffId])).toEqual([
      ['status', 'Waiting for Supplier', 'Processing', support.id],
      ['status', 'Processing', 'Shipped', support.id],
      ['status', 'Shipped', 'Delivered', support.id],
    ]);
    const audit = await auditOf(order._id);
    expect(audit.map((a) => [a.action, a.actorId, (a.before as { status: string }).status, (a.after as { status: string }).status])).toEqual([
      ['order.status', support.id, 'Waiting for Supplier', 'Processing'],
      ['order.status', support.id, 'Processing', 'Shipped'],
      ['order.status', support.id, 'Shipped', 'Delivered'],
    ]);

    const page = orderOf(await as('owner', 'GET', `/api/admin/orders/${order._id}`));
    expect(page.timeline.map((e) => e.kind)).toEqual(['placed', 'paid', 'mail', 'status', 'status', 'mail', 'status', 'mail']);
    expect(page.timeline.find((e) => e.kind === 'status')).toMatchObject({ from: 'Waiting for Supplier', to: 'Processing', by: { _id: support.id, email: support.email, role: 'support' } });
    expect(page.timeline.filter((e) => e.kind === 'mail').map((e) => [e.note, e.mailStatus !== null])).toEqual([
      ['order-confirmation', true],
      ['order-shipped', true],
      ['order-delivered', true],
    ]);
    expect(page).toMatchObject({ lng: 'ar', refundable: 20, cancellable: false, payments: [{ provider: 'sandbox', status: 'completed', amount: 20 }] });
    expect(page.lines).toEqual([{ productId: p, title: { en: expect.any(String) as string, ar: expect.any(String) as string }, thumbnail: expect.any(String) as string, quantity: 2, price: 10, discount: 0, paid: 20, restocked: 0 }]);
    expect(page).toMatchObject({ discount: 0, promotion: null });
    expect(page.shippingAddress.city).toBe('Cairo');
  });

  it('refuses an unpaid order (NOT_PAID) and a cancelled one (CANNOT_ADVANCE), and changes nothing', async () => {
    const [p] = await supply.take(1, { stock: 10 });
    const { order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    const url = `/api/admin/orders/${order._id}/status`;
    const unpaid = refusal(await as('support', 'POST', url, { status: 'Processing' }), 409, 'NOT_PAID');
    expect(unpaid.message).toContain('not paid');
    orderOf(await as('support', 'POST', `/api/admin/orders/${order._id}/cancel`, { reason: 'Shopper asked' }));
    refusal(await as('support', 'POST', url, { status: 'Processing' }), 409, 'CANNOT_ADVANCE');
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.map((e) => e.kind)).toEqual(['cancelled']);
  });
});

describe('cancelling an order', () => {
  it('cancels an unpaid order with its stock back through the ledger, mails and records it', async () => {
    const [p] = await supply.take(1, { stock: 10 });
    const { order } = await placedOrder([{ _id: p!, quantity: 4 }]);
    expect(await supply.stockOf(p!)).toBe(6);
    const cancelled = orderOf(await as('support', 'POST', `/api/admin/orders/${order._id}/cancel`, { reason: 'Out of the colour asked for' }));
    expect([cancelled.status, cancelled.paymentStatus, cancelled.refunds]).toEqual(['Cancelled', 'Cancelled', []]);
    expect(await supply.stockOf(p!)).toBe(10);
    expect((await ledgerOf(order._id)).map((row) => [row.kind, row.quantityBefore, row.quantityAfter])).toEqual([
      ['order', 10, 6],
      ['cancellation', 6, 10],
    ]);
    expect(cancelled.timeline.find((e) => e.kind === 'cancelled')).toMatchObject({ note: 'Out of the colour asked for', to: 'Cancelled' });
    const [mail] = await mailsOf(order._id);
    expect(mail).toMatchObject({ kind: 'order-cancelled' });
    expect(mail?.text).toContain('Out of the colour asked for');
    expect((await auditOf(order._id)).map((a) => a.action)).toEqual(['order.cancel']);
    refusal(await as('support', 'POST', `/api/admin/orders/${order._id}/cancel`, { reason: 'again' }), 409, 'CANNOT_CANCEL');
    refusal(await as('support', 'POST', `/api/admin/orders/${order._id}/cancel`, { reason: '  ' }), 400, 'VALIDATION_ERROR');
  });

  it('cancels a paid order with its stock back and refunds it in full through the provider', async () => {
    const [p, q] = await supply.take(2, { stock: 10, priceCents: 2500 });
    const { order, shopper } = await paidOrder([p!, q!]);
    const cancelled = orderOf(await as('owner', 'POST', `/api/admin/orders/${order._id}/cancel`, { reason: 'Damaged in the warehouse' }));
    expect(cancelled).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refunded: 100, refundable: 0, cancellable: false });
    expect(cancelled.refunds).toEqual([
      expect.objectContaining({ amount: 100, status: 'succeeded', restock: false, items: [], reason: 'Damaged in the warehouse', providerRefundId: expect.stringMatching(/^sandbox_re_[0-9a-f-]{36}$/) as string }),
    ]);
    expect([await supply.stockOf(p!), await supply.stockOf(q!)]).toEqual([10, 10]);
    const [row] = await t.database.db.select({ refundedCents: orders.refundedCents }).from(orders).where(eq(orders.id, order._id));
    expect(row?.refundedCents).toBe(10000);
    expect((await mailsOf(order._id)).map((m) => m.kind)).toEqual(['order-confirmation', 'order-cancelled', 'order-refunded']);
    expect((await auditOf(order._id)).map((a) => a.action)).toEqual(['order.cancel', 'order.refund']);
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Refunded');
  });

  it('refuses a shipped or delivered order (409) and changes nothing', async () => {
    const [p] = await supply.take(1, { stock: 10 });
    const { order } = await paidOrder([p!]);
    for (const status of ['Processing', 'Shipped'] as const) orderOf(await as('support', 'POST', `/api/admin/orders/${order._id}/status`, { status }));
    refusal(await as('support', 'POST', `/api/admin/orders/${order._id}/cancel`, { reason: 'too late' }), 409, 'CANNOT_CANCEL');
    orderOf(await as('support', 'POST', `/api/admin/orders/${order._id}/status`, { status: 'Delivered' }));
    refusal(await as('support', 'POST', `/api/admin/orders/${order._id}/cancel`, { reason: 'too late' }), 409, 'CANNOT_CANCEL');
    expect(await supply.stockOf(p!)).toBe(8);
  });
});

describe('refunding an order', () => {
  it('refunds in part with restock (units the amount pays for), then the rest, and the shopper sees each payment status', async () => {
    const [p, q] = await supply.take(2, { stock: 10, priceCents: 1500 });
    const { order, shopper } = await paidOrder([p!, q!], 2);
    await t.database.db.update(orders).set({ lng: 'ar' }).where(eq(orders.id, order._id));
    const url = `/api/admin/orders/${order._id}/refunds`;

    // $40 pays for two units of p ($30) and none of q ($10 left, under $15).
    const partial = orderOf(await as('support', 'POST', url, { amount: 40, reason: 'Arrived scratched', restock: true }), 201);
    expect(partial).toMatchObject({ paymentStatus: 'Partially refunded', refunded: 40, refundable: 20 });
    expect(partial.refunds).toEqual([expect.objectContaining({ amount: 40, status: 'succeeded', restock: true, items: [{ productId: p, quantity: 2 }] })]);
    expect(partial.lines.map((line) => line.restocked)).toEqual([2, 0]);
    expect([await supply.stockOf(p!), await supply.stockOf(q!)]).toEqual([10, 8]);
    const restocks = (await ledgerOf(order._id)).filter((row) => row.kind === 'restock');
    expect(restocks.map((row) => [row.productId, row.quantityBefore, row.quantityAfter, row.reason, row.staffId])).toEqual([[p, 8, 10, 'Arrived scratched', (await staffMember('support')).id]]);
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Partially refunded');
    // A partially refunded order is still fulfilled.
    expect(orderOf(await as('support', 'POST', `/api/admin/orders/${order._id}/status`, { status: 'Processing' })).status).toBe('Processing');

    const tooMuch = refusal(await as('support', 'POST', url, { amount: 20.01, reason: 'x', restock: false }), 409, 'REFUND_TOO_LARGE');
    expect(tooMuch.message).toContain('$20.00');
    refusal(await as('support', 'POST', url, { reason: 'x', restock: true, items: [{ productId: p, quantity: 1 }] }), 409, 'REFUND_ITEMS_INVALID');
    refusal(await as('support', 'POST', url, { reason: 'x', restock: true, items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }), 400, 'REFUND_ITEMS_INVALID');
    expect(refusal(await as('support', 'POST', url, { amount: 0, reason: 'x', restock: false }), 400, 'VALIDATION_ERROR')).toEqual({
      message: 'amount must be above 0',
      code: 'VALIDATION_ERROR',
      field: 'amount',
    });
    // An input inside a list is named by its whole JSON path.
    expect(refusal(await as('support', 'POST', url, { reason: 'x', restock: true, items: [{ productId: q, quantity: 0 }] }), 400, 'VALIDATION_ERROR')).toEqual({
      message: 'quantity must be a whole number from 1',
      code: 'VALIDATION_ERROR',
      field: 'items.0.quantity',
    });

    // No amount: all that is left, with the line given back to stock.
    const full = orderOf(await as('support', 'POST', url, { reason: 'Changed their mind', restock: true, items: [{ productId: q, quantity: 1 }] }), 201);
    expect(full).toMatchObject({ paymentStatus: 'Refunded', refunded: 60, refundable: 0 });
    expect(full.refunds.map((r) => [r.amount, r.items])).toEqual([
      [40, [{ productId: p, quantity: 2 }]],
      [20, [{ productId: q, quantity: 1 }]],
    ]);
    expect(await supply.stockOf(q!)).toBe(9);
    expect((await orderNow(shopper, order)).paymentStatus).toBe('Refunded');
    refusal(await as('support', 'POST', url, { reason: 'x', restock: false }), 409, 'REFUND_TOO_LARGE');
    // Refunded in full: no longer fulfilled.
    refusal(await as('support', 'POST', `/api/admin/orders/${order._id}/status`, { status: 'Shipped' }), 409, 'CANNOT_ADVANCE');

    const mails = (await mailsOf(order._id)).filter((m) => m.kind === 'order-refunded');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe(`استرداد مبلغ من طلبك ${order._id.slice(0, 8).toUpperCase()} من دكّان`);
    expect(mails[0]?.text).toContain('$40.00');
    const audit = await auditOf(order._id);
    expect(audit.filter((a) => a.action === 'order.refund').map((a) => (a.after as { paymentStatus: string; refundedCents: number }).refundedCents)).toEqual([4000, 6000]);
    const page = orderOf(await as('support', 'GET', `/api/admin/orders/${order._id}`));
    expect(page.timeline.filter((e) => e.kind === 'refund').map((e) => [e.amount, e.note])).toEqual([
      [40, 'Arrived scratched'],
      [20, 'Changed their mind'],
    ]);
  });

  it('refuses to refund an unpaid order (409 NOT_REFUNDABLE)', async () => {
    const [p] = await supply.take(1);
    const { order } = await placedOrder([{ _id: p!, quantity: 1 }]);
    refusal(await as('support', 'POST', `/api/admin/orders/${order._id}/refunds`, { reason: 'x', restock: false }), 409, 'NOT_REFUNDABLE');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id))).toEqual([]);
  });

  it('needs the owner above the approval limit ($500)', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 40_000 });
    const { order } = await paidOrder([p!], 2);
    const url = `/api/admin/orders/${order._id}/refunds`;
    const needsOwner = refusal(await as('support', 'POST', url, { amount: 500.01, reason: 'x', restock: false }), 403, 'REFUND_NEEDS_OWNER');
    expect(needsOwner.message).toContain('$500.00');
    refusal(await as('support', 'POST', url, { reason: 'x', restock: false }), 403, 'REFUND_NEEDS_OWNER');
    expect(orderOf(await as('support', 'POST', url, { amount: 500, reason: 'within the limit', restock: false }), 201).refunded).toBe(500);
    expect(orderOf(await as('owner', 'POST', url, { reason: 'the rest', restock: false }), 201)).toMatchObject({ refunded: 800, paymentStatus: 'Refunded' });

    // Cancelling a paid order refunds it: above the limit, the owner's too.
    const [q] = await supply.take(1, { stock: 10, priceCents: 40_000 });
    const big = await paidOrder([q!], 2);
    const cancel = `/api/admin/orders/${big.order._id}/cancel`;
    refusal(await as('support', 'POST', cancel, { reason: 'x' }), 403, 'REFUND_NEEDS_OWNER');
    expect(await supply.stockOf(q!)).toBe(8);
    expect(orderOf(await as('owner', 'POST', cancel, { reason: 'x' }))).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refunded: 800 });
  });

  it('holds the approval limit for refunds in pieces: what non-owners refunded on the order counts (issue #32)', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 50_000 });
    const { order } = await paidOrder([p!], 2);
    const url = `/api/admin/orders/${order._id}/refunds`;
    expect(orderOf(await as('support', 'POST', url, { amount: 499, reason: 'first half', restock: false }), 201).refunded).toBe(499);
    // $499 + $499 is above $500: refused, nothing written.
    const second = refusal(await as('support', 'POST', url, { amount: 499, reason: 'second half', restock: false }), 403, 'REFUND_NEEDS_OWNER');
    expect(second.message).toContain('$500.00');
    expect(orderOf(await as('support', 'POST', url, { amount: 1, reason: 'up to the limit', restock: false }), 201).refunded).toBe(500);
    refusal(await as('support', 'POST', url, { amount: 0.01, reason: 'one cent more', restock: false }), 403, 'REFUND_NEEDS_OWNER');
    expect((await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id))).map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([100, 49_900]);
    // The owner's own refunds are approved by who made them, and do not use up support's allowance.
    expect(orderOf(await as('owner', 'POST', url, { amount: 300, reason: 'owner', restock: false }), 201).refunded).toBe(800);

    // Cancelling a paid order counts the same way: $400 refunded by support, then a cancellation
    // that refunds the other $200 is above $500 in all.
    const [q] = await supply.take(1, { stock: 10, priceCents: 30_000 });
    const split = await paidOrder([q!], 2);
    expect(orderOf(await as('support', 'POST', `/api/admin/orders/${split.order._id}/refunds`, { amount: 400, reason: 'most', restock: false }), 201).refunded).toBe(400);
    const cancel = `/api/admin/orders/${split.order._id}/cancel`;
    refusal(await as('support', 'POST', cancel, { reason: 'the rest by cancelling' }), 403, 'REFUND_NEEDS_OWNER');
    expect(orderOf(await as('support', 'GET', `/api/admin/orders/${split.order._id}`))).toMatchObject({ status: 'Waiting for Supplier', refunded: 400 });
    expect(await supply.stockOf(q!)).toBe(8);
    expect(orderOf(await as('owner', 'POST', cancel, { reason: 'x' }))).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refunded: 600 });
  });

  it('never refunds more than was paid when two staff refund at once', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 5000 });
    const { order } = await paidOrder([p!], 2);
    const url = `/api/admin/orders/${order._id}/refunds`;
    const answers = await Promise.all([as('support', 'POST', url, { amount: 60, reason: 'a', restock: false }), as('owner', 'POST', url, { amount: 60, reason: 'b', restock: false })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const [row] = await t.database.db.select({ refundedCents: orders.refundedCents, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order._id));
    expect(row).toEqual({ refundedCents: 6000, paymentStatus: 'Partially refunded' });
  });
});

describe('the CSV export', () => {
  it('answers every order of the days asked, UTF-8 with a byte-order mark, one row per order', async () => {
    const [p] = await supply.take(1, { stock: 10, priceCents: 1234 });
    const { order, shopper } = await paidOrder([p!], 1);
    orderOf(await as('support', 'POST', `/api/admin/orders/${order._id}/refunds`, { amount: 2, reason: 'x', restock: false }), 201);
    const old = await placedOrder([{ _id: p!, quantity: 1 }]);
    await t.database.db.update(orders).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(orders.id, old.order._id));
    const today = new Date().toISOString().slice(0, 10);

    const { headers } = await staffMember('support');
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv?from=${today}&to=${today}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows[0]).toBe('id,date,customer_email,status,payment_status,amount,refunded,discount');
    const ours = rows.find((line) => line.startsWith(order._id));
    const [createdAt] = await t.database.db.select({ at: orders.createdAt }).from(orders).where(eq(orders.id, order._id));
    expect(ours).toBe(`${order._id},${createdAt?.at.toISOString()},${shopper.email},Waiting for Supplier,Partially refunded,12.34,2.00,0.00`);
    expect(rows.some((line) => line.startsWith(old.order._id))).toBe(false);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::integer` }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(sql`${orders.createdAt} >= ${today}::date`);
    expect(rows.length - 1).toBe(count?.n);
    // A message that does not name its field is given it in front, as clients read it: `from: …`.
    expect(refusal(await as('support', 'GET', '/api/admin/orders/export.csv?from=2026-02-30'), 400, 'VALIDATION_ERROR')).toEqual({
      message: 'from: must be a day that exists',
      code: 'VALIDATION_ERROR',
      field: 'from',
    });
  });
});
