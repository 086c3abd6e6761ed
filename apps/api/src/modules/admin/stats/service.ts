import { STATS_CUSTOMER_ROLES, type Stats } from '@dukkan/contracts/admin-orders';
import type { StaffRole } from '@dukkan/contracts/admin-staff';
import { centsToDollars, dollarsToCents } from '@dukkan/contracts/money';
import { sql } from 'drizzle-orm';

import { rowsOf, type Database, type Executor } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { countPendingReviews } from '../../reviews/moderation';

/*
 * The dashboard's figures (issue #21, decision 0038), each one SQL aggregation: days are UTC
 * calendar days; revenue is what paid orders cost, counted on the day they were paid
 * (`orders.paid_at`), refunds counted apart on the day they were made.
 */

/** The days a range may span, both ends included. */
export const MAX_STATS_DAYS = 366;
/** The range without `from`: this many days up to `to` (today unless given). */
export const DEFAULT_STATS_DAYS = 30;
/** How many rows the lists (expiring, low stock) and the best sellers hold. */
export const STATS_LIST_LIMIT = 10;
export const BEST_SELLERS_LIMIT = 5;
/** Best sellers are of today and the days before it, this many in all. */
export const BEST_SELLER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC day `YYYY-MM-DD` as the instant it starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(dayStart(day).getTime() + n * DAY_MS));

/**
 * The range a query asks for: `to` defaults to today (UTC), `from` to the 30 days ending at `to`.
 * `from` after `to` (also a `from` after today with no `to`), or more than 366 days: 400.
 */
export function statsRange({ from, to }: { from?: string | undefined; to?: string | undefined }, now = new Date()): { from: string; to: string } {
  const end = to ?? dayOf(now);
  const start = from ?? addDays(end, -(DEFAULT_STATS_DAYS - 1));
  if (start > end) throw badRequest('to must not be before from', 'VALIDATION_ERROR', 'to');
  const days = Math.round((dayStart(end).getTime() - dayStart(start).getTime()) / DAY_MS) + 1;
  if (days > MAX_STATS_DAYS) throw badRequest(`The range may span at most ${MAX_STATS_DAYS} days (from ${start} to ${end} is ${days})`, 'VALIDATION_ERROR');
  return { from: start, to: end };
}

/** Revenue and paid orders per day, days without orders included (generate_series). */
async function daysOf(db: Executor, from: string, to: string): Promise<Stats['days']> {
  const rows = rowsOf<{ date: string; revenue: number | string; paid_orders: number | string }>(
    await db.execute(sql`
      with paid as (
        select (o.paid_at at time zone 'UTC')::date as day, sum(o.amount_cents)::float8 as revenue, count(*)::int as paid_orders
        from orders o
        where o.paid_at >= ${dayStart(from).toISOString()}::timestamptz and o.paid_at < ${dayStart(addDays(to, 1)).toISOString()}::timestamptz
        group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(paid.revenue, 0) as revenue, coalesce(paid.paid_orders, 0) as paid_orders
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join paid on paid.day = d.day::date
      order by d.day`),
  );
  return rows.map((row) => ({ date: row.date, revenue: centsToDollars(Number(row.revenue)), paidOrders: Number(row.paid_orders) }));
}

/** What succeeded refunds gave back within the range, in cents. */
async function refundedCents(db: Executor, from: string, to: string): Promise<number> {
  const [row] = rowsOf<{ cents: number | string }>(
    await db.execute(sql`
      select coalesce(sum(r.amount_cents), 0)::float8 as cents from refunds r
      where r.status = 'succeeded' and r.created_at >= ${dayStart(from).toISOString()}::timestamptz
        and r.created_at < ${dayStart(addDays(to, 1)).toISOString()}::timestamptz`),
  );
  return Number(row?.cents ?? 0);
}

/** Today (UTC): orders placed, and what orders paid today cost. */
async function todayOf(db: Executor, today: string): Promise<Stats['today']> {
  const since = dayStart(today).toISOString();
  const [row] = rowsOf<{ orders: number | string; revenue: number | string }>(
    await db.execute(sql`
      select (select count(*) from orders o where o.created_at >= ${since}::timestamptz)::int as orders,
             (select coalesce(sum(o.amount_cents), 0) from orders o where o.paid_at >= ${since}::timestamptz)::float8 as revenue`),
  );
  return { orders: Number(row?.orders ?? 0), revenue: centsToDollars(Number(row?.revenue ?? 0)) };
}

/**
 * Unpaid orders still within their time, the soonest to be cancelled first; with the customer's
 * email only when the viewer may read customers (otherwise `users` is not even read).
 */
async function expiringUnpaidOf(db: Executor, customerData: boolean): Promise<Stats['expiringUnpaid']> {
  const rows = rowsOf<{ id: string; pay_by: Date | string; amount_cents: number; email?: string }>(
    await db.execute(sql`
      select o.id, o.pay_by, o.amount_cents${customerData ? sql`, u.email` : sql``}
      from orders o${customerData ? sql` join users u on u.id = o.user_id` : sql``}
      where o.payment_status = 'Pending' and o.status <> 'Cancelled' and o.pay_by > now()
      order by o.pay_by, o.id
      limit ${STATS_LIST_LIMIT}`),
  );
  return rows.map((row) => ({
    _id: row.id,
    payBy: new Date(row.pay_by).toISOString(),
    amount: centsToDollars(row.amount_cents),
    ...(customerData && row.email !== undefined ? { customerEmail: row.email } : {}),
  }));
}

/**
 * Published products with 1 to `threshold` units (low), the fewest first; or with none (out of
 * stock, its own list: README "low stock is 1 to 5"), in catalog order. As the products list's
 * `stock=low` and `stock=out` filters count them.
 */
async function stockListOf(db: Executor, which: 'low' | 'out', threshold: number): Promise<Stats['lowStock']> {
  const rows = rowsOf<{ id: string; title_en: string; title_ar: string; quantity: number }>(
    await db.execute(sql`
      select p.id, p.title_en, p.title_ar, p.quantity from products p
      where p.status = 'published' and ${which === 'low' ? sql`p.quantity between 1 and ${threshold}` : sql`p.quantity = 0`}
      order by ${which === 'low' ? sql`p.quantity, ` : sql``}p.position, p.id
      limit ${STATS_LIST_LIMIT}`),
  );
  return rows.map((row) => ({ _id: row.id, title: { en: row.title_en, ar: row.title_ar }, quantity: row.quantity }));
}

/**
 * The products that sold the most units in orders paid today or in the six days before, leaving
 * out orders refunded in full (what they sold came back).
 */
async function bestSellersOf(db: Executor, today: string): Promise<Stats['bestSellers']> {
  const since = dayStart(addDays(today, -(BEST_SELLER_DAYS - 1))).toISOString();
  const rows = rowsOf<{ id: string; title_en: string; title_ar: string; units: number | string; revenue: number | string }>(
    await db.execute(sql`
      with sold as (
        select i.product_id, sum(i.quantity)::int as units, sum(i.quantity * i.price_cents)::float8 as revenue
        from orders o join order_items i on i.order_id = o.id
        where o.paid_at >= ${since}::timestamptz and o.payment_status in ('Paid', 'Partially refunded')
        group by i.product_id
        order by units desc, revenue desc, i.product_id
        limit ${BEST_SELLERS_LIMIT}
      )
      select p.id, p.title_en, p.title_ar, sold.units, sold.revenue
      from sold join products p on p.id = sold.product_id
      order by sold.units desc, sold.revenue desc, p.id`),
  );
  return rows.map((row) => ({
    _id: row.id,
    title: { en: row.title_en, ar: row.title_ar },
    quantity: Number(row.units),
    revenue: centsToDollars(Number(row.revenue)),
  }));
}

/** Whether a staff role may see customer data in the figures: the roles the customers routes let in. */
export function mayReadCustomers(role: StaffRole): boolean {
  return (STATS_CUSTOMER_ROLES as readonly StaffRole[]).includes(role);
}

export interface StatsOptions {
  /** Whether the viewer may read customers (`mayReadCustomers`); without it, no customer data. */
  customerData?: boolean;
  now?: Date;
}

/**
 * `GET /api/admin/stats`: the range's days and totals, today's figures, the unpaid orders about
 * to expire, low and out of stock and the week's best sellers. Read in one read-only
 * transaction, so the figures agree with each other. Customer data only when asked for.
 */
export async function shopStats(
  db: Database,
  query: { from?: string | undefined; to?: string | undefined },
  lowStockThreshold: number,
  { customerData = false, now = new Date() }: StatsOptions = {},
): Promise<Stats> {
  const { from, to } = statsRange(query, now);
  const today = dayOf(now);
  return db.transaction(
    async (tx) => {
      const days = await daysOf(tx, from, to);
      const refunded = await refundedCents(tx, from, to);
      const todays = await todayOf(tx, today);
      const expiringUnpaid = await expiringUnpaidOf(tx, customerData);
      const lowStock = await stockListOf(tx, 'low', lowStockThreshold);
      const outOfStock = await stockListOf(tx, 'out', lowStockThreshold);
      const bestSellers = await bestSellersOf(tx, today);
      const pendingReviews = await countPendingReviews(tx);
      const revenueCents = days.reduce((sum, day) => sum + dollarsToCents(day.revenue), 0);
      return {
        from,
        to,
        days,
        totals: { revenue: centsToDollars(revenueCents), paidOrders: days.reduce((sum, day) => sum + day.paidOrders, 0), refunded: centsToDollars(refunded) },
        today: todays,
        expiringUnpaid,
        lowStockThreshold,
        lowStock,
        outOfStock,
        bestSellers,
        pendingReviews,
      };
    },
    { accessMode: 'read only', isolationLevel: 'repeatable read' },
  );
}
