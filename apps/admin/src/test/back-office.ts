import type { AdminCustomer, AdminOrder, AdminOrderSummary, AuditEntry, Stats } from '@dukkan/contracts/admin-orders';
import type { Staff } from '@dukkan/contracts/admin-staff';

import type { Call } from './harness';
import { SHIPPING_ADDRESS } from './shipping-address';

/** Fixtures of the orders, customers, dashboard and audit screens' tests (issue #21). */

export const ORDER_ID = '0b6a5f0e-4c1d-4a57-9b7e-1f2a3b4c5d6e';
export const CUSTOMER_ID = '5d7c2a10-8e3f-4b6a-9c1d-2e3f4a5b6c7d';
export const APPLES = '11111111-2222-4333-8444-555555555555';
export const PEARS = '66666666-7777-4888-8999-aaaaaaaaaaaa';
export const KIWIS = 'bbbbbbbb-cccc-4ddd-8eee-ffffffffffff';

export const SUPPORT: Staff = { _id: 's3', email: 'help@dukkan.test', name: 'Sam Support', role: 'support' };
export const CATALOG: Staff = { _id: 's2', email: 'cat@dukkan.test', name: 'Cat Alog', role: 'catalog' };

export function summary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    _id: ORDER_ID,
    createdAt: '2026-11-20T09:30:00.000Z',
    customer: { _id: CUSTOMER_ID, email: 'shopper@example.com', name: 'Sara Shopper' },
    amount: 40,
    refunded: 0,
    currency: 'usd',
    status: 'Processing',
    paymentStatus: 'Paid',
    itemCount: 3,
    ...overrides,
  };
}

export function order(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...summary(),
    updatedAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T09:35:00.000Z',
    payBy: '2026-11-20T10:00:00.000Z',
    lng: 'en',
    discount: 0,
    promotion: null,
    lines: [
      { productId: APPLES, title: { en: 'Apples', ar: 'تفاح' }, thumbnail: '', quantity: 2, price: 10, discount: 0, paid: 20, restocked: 0 },
      { productId: PEARS, title: { en: 'Pears', ar: 'كمثرى' }, thumbnail: '', quantity: 1, price: 20, discount: 0, paid: 20, restocked: 0 },
    ],
    shippingAddress: SHIPPING_ADDRESS,
    payments: [{ _id: 'pay1', provider: 'sandbox', providerSessionId: 'sbx_123', status: 'paid', amount: 40, createdAt: '2026-11-20T09:31:00.000Z' }],
    refunds: [],
    timeline: [
      { at: '2026-11-20T09:30:00.000Z', kind: 'placed', by: null, from: null, to: null, note: null, amount: null, mailStatus: null },
      { at: '2026-11-20T09:35:00.000Z', kind: 'paid', by: null, from: null, to: null, note: null, amount: null, mailStatus: null },
      {
        at: '2026-11-20T11:00:00.000Z',
        kind: 'status',
        by: { _id: 's3', email: 'help@dukkan.test', role: 'support' },
        from: 'Waiting for Supplier',
        to: 'Processing',
        note: null,
        amount: null,
        mailStatus: null,
      },
    ],
    nextStatus: 'Shipped',
    refundable: 40,
    cancellable: true,
    ...overrides,
  };
}

export function stats(overrides: Partial<Stats> = {}): Stats {
  return {
    from: '2026-11-21',
    to: '2026-11-27',
    days: [
      { date: '2026-11-26', revenue: 120.5, paidOrders: 3 },
      { date: '2026-11-27', revenue: 1299.5, paidOrders: 2 },
    ],
    totals: { revenue: 1420, paidOrders: 5, refunded: 10 },
    today: { orders: 4, revenue: 1299.5 },
    expiringUnpaid: [{ _id: ORDER_ID, payBy: '2026-11-27T12:00:00.000Z', amount: 40, customerEmail: 'shopper@example.com' }],
    lowStockThreshold: 5,
    lowStock: [{ _id: APPLES, title: { en: 'Apples', ar: 'تفاح' }, quantity: 2 }],
    outOfStock: [{ _id: KIWIS, title: { en: 'Kiwis', ar: 'كيوي' }, quantity: 0 }],
    bestSellers: [{ _id: PEARS, title: { en: 'Pears', ar: 'كمثرى' }, quantity: 9, revenue: 180 }],
    pendingReviews: 3,
    ...overrides,
  };
}

export function customer(overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  return {
    _id: CUSTOMER_ID,
    email: 'shopper@example.com',
    name: 'Sara Shopper',
    createdAt: '2026-10-01T08:00:00.000Z',
    disabled: false,
    orderCount: 1,
    lifetimeSpend: 40,
    marketingEmails: true,
    addresses: [{ ...order().shippingAddress, _id: 'a1' }],
    orders: [summary()],
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'e1',
    at: '2026-11-27T10:00:00.000Z',
    actor: { _id: 's3', email: 'help@dukkan.test', role: 'support' },
    address: '203.0.113.9',
    action: 'order.status',
    entityType: 'order',
    entityId: ORDER_ID,
    before: { status: 'Processing', paymentStatus: 'Paid' },
    after: { status: 'Shipped', paymentStatus: 'Paid' },
    ...overrides,
  };
}

/** The query of the last GET of `path`, as an object. */
export function lastQuery(calls: Call[], path: string): Record<string, string> {
  const call = calls.filter((c) => c.method === 'GET' && c.url.pathname === path).at(-1);
  return call ? Object.fromEntries(call.url.searchParams) : {};
}

/** The writes made (method, path, JSON body). */
export function writes(calls: Call[]) {
  return calls.filter((c) => c.method !== 'GET').map((c) => ({ method: c.method, path: c.url.pathname, body: c.body ? (JSON.parse(c.body) as unknown) : null }));
}
