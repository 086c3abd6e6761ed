import { randomBytes } from 'node:crypto';

import { StatsResponseSchema, type Stats } from '@dukkan/contracts/admin-orders';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { orderItems, orders, products, refunds, users } from '../../../db/schema';
import { productSupply, TEST_ADDRESS } from '../../../test/shop-fixtures';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';

import { mayReadCustomers, statsRange } from './service';

// A threshold of the configuration's, not the default 5, to see it is the one used.
const t = useTestApp({ env: { LOW_STOCK_THRESHOLD: '4' } });
const supply = productSupply(() => t.database.db);
const errorOf = (res: { body: unknown }) => ErrorResponseSchema.parse(res.body);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let owner: TestStaff;
let customerId: string;
let customerEmail: string;

interface OrderFixture {
  amountCents: number;
  createdAt: Date;
  paidAt?: Date;
  paymentStatus?: string;
  status?: string;
  payBy?: Date;
  refundedCents?: number;
  items?: { productId: string; quantity: number; priceCents: number }[];
}

/** An order written straight into the tables, with the times and amounts a test needs. */
async function insertOrder(fixture: OrderFixture): Promise<string> {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId: customerId,
      amountCents: fixture.amountCents,
      refundedCents: fixture.refundedCents ?? 0,
      status: fixture.status ?? 'Waiting for Supplier',
      paymentStatus: fixture.paymentStatus ?? (fixture.paidAt ? 'Paid' : 'Pending'),
      shippingAddress: TEST_ADDRESS,
      createdAt: fixture.createdAt,
      updatedAt: fixture.createdAt,
      payBy: fixture.payBy ?? new Date(fixture.createdAt.getTime() + 30 * MINUTE),
      paidAt: fixture.paidAt ?? null,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('order not inserted');
  const items = fixture.items ?? [];
  if (items.length > 0) {
    await t.database.db.insert(orderItems).values(items.map((item, position) => ({ orderId: row.id, position, ...item })));
  }
  return row.id;
}

async function insertRefund(orderId: string, amountCents: number, createdAt: Date, status: 'succeeded' | 'failed' = 'succeeded') {
  await t.database.db.insert(refunds).values({ orderId, amountCents, currency: 'usd', reason: 'test', restock: false, status, provider: 'sandbox', createdAt });
}

async function stats(query = '', who: TestStaff = owner): Promise<Stats> {
  const res = await t.request('GET', `/api/admin/stats${query}`, { headers: who.headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StatsResponseSchema.parse(res.body).data;
}

const now = new Date();
/** Expected values the fixtures below set up. */
const ids: Record<string, string> = {};
let expiring: string[] = [];
let lowStock: string[] = [];
let outOfStock: string[] = [];
let sellers: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i', string>;

beforeAll(async () => {
  owner = await createTestStaff(t.database.db, 'owner');
  customerEmail = `stats-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await t.database.db.insert(users).values({ name: 'Stats Shopper', email: customerEmail, passwordHash: 'not-a-hash' }).returning({ id: users.id });
  customerId = user!.id;

  // Known stock: nothing low but what the test sets.
  await t.database.db.update(products).set({ quantity: 100 });
  const [empty, three, four, five, draftOne, ...rest] = await supply.take(14, { stock: 100 });
  await t.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, empty!));
  await t.database.db.update(products).set({ quantity: 3 }).where(eq(products.id, three!));
  await t.database.db.update(products).set({ quantity: 4 }).where(eq(products.id, four!));
  await t.database.db.update(products).set({ quantity: 5 }).where(eq(products.id, five!));
  await t.database.db.update(products).set({ quantity: 1, status: 'draft' }).where(eq(products.id, draftOne!));
  lowStock = [three!, four!];
  outOfStock = [empty!];
  const [a, b, c, d, e, f, g, h, i] = rest as [string, string, string, string, string, string, string, string, string];
  sellers = { a, b, c, d, e, f, g, h, i };

  // A past range, 2021-03-01 … 2021-03-05, with orders on and just outside its edges.
  const at = (iso: string) => new Date(iso);
  ids.o1 = await insertOrder({ amountCents: 1000, createdAt: at('2021-03-01T09:00:00Z'), paidAt: at('2021-03-01T10:00:00Z') });
  ids.o2 = await insertOrder({ amountCents: 550, createdAt: at('2021-03-01T23:00:00Z'), paidAt: at('2021-03-01T23:59:59Z') });
  // Paid, then refunded in full: revenue on its paid day, the refund in `refunded`.
  ids.o3 = await insertOrder({ amountCents: 2000, createdAt: at('2021-03-02T23:50:00Z'), paidAt: at('2021-03-03T00:00:00Z'), paymentStatus: 'Refunded', refundedCents: 2000 });
  ids.o4 = await insertOrder({ amountCents: 9900, createdAt: at('2021-03-05T23:00:00Z'), paidAt: at('2021-03-06T00:00:00Z') });
  ids.o5 = await insertOrder({ amountCents: 7700, createdAt: at('2021-02-28T20:00:00Z'), paidAt: at('2021-02-28T23:59:59Z') });
  await insertOrder({ amountCents: 4400, createdAt: at('2021-03-02T12:00:00Z'), status: 'Cancelled', paymentStatus: 'Expired' });
  await insertRefund(ids.o3, 2000, at('2021-03-03T12:00:00Z'));
  await insertRefund(ids.o1, 300, at('2021-03-04T12:00:00Z'), 'failed');
  await insertRefund(ids.o4, 100, at('2021-03-06T00:00:00Z'));

  // Today: placed now (three unpaid ones about to expire, one paid now), and one placed yesterday but paid now.
  const soon = [1, 5, 10].map((m) => new Date(now.getTime() + m * MINUTE));
  expiring = [];
  for (const payBy of soon) expiring.push(await insertOrder({ amountCents: 1500, createdAt: now, payBy, items: [{ productId: sellers.f, quantity: 30, priceCents: 50 }] }));
  await insertOrder({ amountCents: 1234, createdAt: now, paidAt: now, items: [{ productId: sellers.i, quantity: 1, priceCents: 100 }] });
  await insertOrder({ amountCents: 700, createdAt: new Date(now.getTime() - DAY), paidAt: now });
  // Unpaid but past its time (the expiry job's), and ten more expiring later: the list stops at 10.
  await insertOrder({ amountCents: 100, createdAt: new Date(now.getTime() - DAY - 2 * HOUR), payBy: new Date(now.getTime() - MINUTE) });
  for (let n = 1; n <= 10; n += 1) await insertOrder({ amountCents: 100, createdAt: new Date(now.getTime() - 2 * DAY), payBy: new Date(now.getTime() + n * HOUR) });

  // The week's sales: units by product (c 5, a 4, b 2, g 1, h 1, i 1), with two orders that do not count.
  await insertOrder({ amountCents: 1600, createdAt: new Date(now.getTime() - DAY), paidAt: new Date(now.getTime() - DAY), items: [{ productId: sellers.a, quantity: 3, priceCents: 200 }, { productId: sellers.b, quantity: 1, priceCents: 1000 }] });
  await insertOrder({ amountCents: 1500, createdAt: new Date(now.getTime() - 2 * DAY), paidAt: new Date(now.getTime() - 2 * DAY), items: [{ productId: sellers.b, quantity: 1, priceCents: 1000 }, { productId: sellers.c, quantity: 5, priceCents: 100 }] });
  await insertOrder({ amountCents: 700, createdAt: new Date(now.getTime() - 3 * DAY), paidAt: new Date(now.getTime() - 3 * DAY), paymentStatus: 'Partially refunded', refundedCents: 100, items: [{ productId: sellers.a, quantity: 1, priceCents: 200 }, { productId: sellers.g, quantity: 1, priceCents: 300 }, { productId: sellers.h, quantity: 1, priceCents: 200 }] });
  // Eight days ago: before the week.
  await insertOrder({ amountCents: 5000, createdAt: new Date(now.getTime() - 8 * DAY), paidAt: new Date(now.getTime() - 8 * DAY), items: [{ productId: sellers.d, quantity: 50, priceCents: 100 }] });
  // Refunded in full: what it sold came back.
  await insertOrder({ amountCents: 4000, createdAt: new Date(now.getTime() - DAY), paidAt: new Date(now.getTime() - DAY), paymentStatus: 'Refunded', refundedCents: 4000, items: [{ productId: sellers.e, quantity: 40, priceCents: 100 }] });
});

describe('GET /api/admin/stats', () => {
  it('buckets paid orders by their UTC paid day, every day of the range listed, with the totals and the refunds made in it', async () => {
    const figures = await stats('?from=2021-03-01&to=2021-03-05');
    expect(figures.from).toBe('2021-03-01');
    expect(figures.to).toBe('2021-03-05');
    expect(figures.days).toEqual([
      { date: '2021-03-01', revenue: 15.5, paidOrders: 2 },
      { date: '2021-03-02', revenue: 0, paidOrders: 0 },
      { date: '2021-03-03', revenue: 20, paidOrders: 1 },
      { date: '2021-03-04', revenue: 0, paidOrders: 0 },
      { date: '2021-03-05', revenue: 0, paidOrders: 0 },
    ]);
    expect(figures.totals).toEqual({ revenue: 35.5, paidOrders: 3, refunded: 20 });

    const oneDay = await stats('?from=2021-02-28&to=2021-02-28');
    expect(oneDay.days).toEqual([{ date: '2021-02-28', revenue: 77, paidOrders: 1 }]);
    const withEdges = await stats('?from=2021-02-28&to=2021-03-06');
    expect(withEdges.days).toHaveLength(7);
    expect(withEdges.totals).toEqual({ revenue: 35.5 + 77 + 99, paidOrders: 5, refunded: 21 });
  });

  it('answers today’s orders and revenue (UTC)', async () => {
    const figures = await stats();
    expect(figures.today).toEqual({ orders: 4, revenue: 19.34 });
  });

  it('lists unpaid orders still within their time, soonest first, at most 10', async () => {
    const figures = await stats();
    expect(figures.expiringUnpaid).toHaveLength(10);
    expect(figures.expiringUnpaid.slice(0, 3).map((o) => o._id)).toEqual(expiring);
    expect(figures.expiringUnpaid[0]).toMatchObject({ amount: 15, customerEmail });
    const times = figures.expiringUnpaid.map((o) => Date.parse(o.payBy));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(times.every((time) => time > now.getTime())).toBe(true);
  });

  it('lists published products with 1 to LOW_STOCK_THRESHOLD units as low, fewest first, and those with none apart', async () => {
    const figures = await stats();
    expect(figures.lowStockThreshold).toBe(4);
    expect(figures.lowStock.map((p) => [p._id, p.quantity])).toEqual([
      [lowStock[0], 3],
      [lowStock[1], 4],
    ]);
    expect(figures.lowStock[0]?.title.en).toBeTruthy();
    expect(figures.lowStock[0]?.title.ar).toBeTruthy();
    expect(figures.outOfStock.map((p) => [p._id, p.quantity])).toEqual([[outOfStock[0], 0]]);
  });

  it('agrees with the products list’s stock=low and stock=out filters (published products)', async () => {
    const figures = await stats();
    const listed = async (stock: 'low' | 'out') => {
      const res = await t.request('GET', `/api/admin/products?stock=${stock}&status=published&pageSize=100`, { headers: owner.headers });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { data: { _id: string }[] }).data.map((p) => p._id).sort();
    };
    expect(await listed('low')).toEqual(figures.lowStock.map((p) => p._id).sort());
    expect(await listed('out')).toEqual(figures.outOfStock.map((p) => p._id).sort());
  });

  it('lists the week’s best sellers by units in paid orders, at most 5', async () => {
    const figures = await stats();
    expect(figures.bestSellers.map((p) => [p._id, p.quantity, p.revenue])).toEqual([
      [sellers.c, 5, 5],
      [sellers.a, 4, 8],
      [sellers.b, 2, 20],
      [sellers.g, 1, 3],
      [sellers.h, 1, 2],
    ]);
  });

  it('defaults to the 30 days up to today', async () => {
    const figures = await stats();
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.to).toBe(today);
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)?.date).toBe(today);
    expect(figures.from).toBe(figures.days[0]?.date);
    // Today's paid orders are in today's bucket (T2 and T3).
    expect(figures.days.at(-1)).toEqual({ date: today, revenue: 19.34, paidOrders: 2 });
  });

  it('refuses more than 366 days, `to` before `from`, and days that do not exist: 400', async () => {
    expect((await t.request('GET', '/api/admin/stats?from=2024-01-01&to=2024-12-31', { headers: owner.headers })).status).toBe(200);
    const tooLong = await t.request('GET', '/api/admin/stats?from=2023-01-01&to=2024-01-02', { headers: owner.headers });
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).message).toMatch(/366/);
    expect((await t.request('GET', '/api/admin/stats?from=2021-03-05&to=2021-03-01', { headers: owner.headers })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/stats?from=2021-02-30', { headers: owner.headers })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/stats?to=yesterday', { headers: owner.headers })).status).toBe(400);
  });

  it('holds customer data only for the roles the customers routes let in: none for catalog', async () => {
    for (const role of ['owner', 'support', 'catalog'] as const) {
      const member = await createTestStaff(t.database.db, role);
      const customers = await t.request('GET', '/api/admin/customers', { headers: member.headers });
      const res = await t.request('GET', '/api/admin/stats', { headers: member.headers });
      expect(res.status).toBe(200);
      const figures = StatsResponseSchema.parse(res.body).data;
      expect(figures.expiringUnpaid, role).toHaveLength(10);
      const text = JSON.stringify(res.body);
      if (role === 'catalog') {
        expect(customers.status).toBe(403);
        expect(mayReadCustomers(role)).toBe(false);
        for (const unpaid of figures.expiringUnpaid) expect(Object.keys(unpaid).sort()).toEqual(['_id', 'amount', 'payBy']);
        // Nothing of the customer anywhere in the answer: neither the email nor the name.
        expect(text).not.toContain(customerEmail);
        expect(text).not.toContain('customerEmail');
        expect(text).not.toContain('Stats Shopper');
      } else {
        expect(customers.status).toBe(200);
        expect(mayReadCustomers(role)).toBe(true);
        expect(figures.expiringUnpaid.every((unpaid) => unpaid.customerEmail === customerEmail)).toBe(true);
      }
    }
  });

  it('is open to every staff role (the landing screen), not without a session', async () => {
    for (const role of ['owner', 'support', 'catalog'] as const) {
      const member = await createTestStaff(t.database.db, role);
      expect((await t.request('GET', '/api/admin/stats', { headers: member.headers })).status).toBe(200);
    }
    const anonymous = await t.request('GET', '/api/admin/stats');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});

describe('statsRange', () => {
  const at = new Date('2026-03-10T15:00:00Z');
  it('defaults to the 30 days up to today, or up to `to`, and follows `from`', () => {
    expect(statsRange({}, at)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(statsRange({ to: '2026-01-31' }, at)).toEqual({ from: '2026-01-02', to: '2026-01-31' });
    expect(statsRange({ from: '2026-03-01' }, at)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(statsRange({ from: '2025-03-10', to: '2026-03-10' }, at)).toEqual({ from: '2025-03-10', to: '2026-03-10' });
  });
  it('refuses a `from` after today without `to`, and 367 days', () => {
    expect(() => statsRange({ from: '2026-03-11' }, at)).toThrow(/before/);
    expect(() => statsRange({ from: '2025-03-09', to: '2026-03-10' }, at)).toThrow(/366/);
  });
});
