// The back office's reading of orders (issue #21): the list with its filters and search, one
// order with everything the order page shows, and the accountant's CSV. The changes (status,
// cancel, refund) are modules/orders/fulfilment.ts's, shared with `npm run orders`.
import type { AdminOrder, AdminOrderListQuery, AdminOrderListResponse, AdminOrderSummary, AdminRefund, TimelineEntry } from '@dukkan/contracts/admin-orders';
import { ORDER_CSV_COLUMNS } from '@dukkan/contracts/admin-orders';
import type { StaffRole } from '@dukkan/contracts/admin-staff';
import { centsToDollars } from '@dukkan/contracts/money';
import type { OrderAddress, OrderStatus, PaymentStatus } from '@dukkan/contracts/orders';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import type { Database, Executor } from '../../../db/client';
import { orderEvents, orderItems, orders, outbox, paymentSessions, products, promotions, refunds, users } from '../../../db/schema';
import { CSV_BOM, csvDollars, csvLines } from '../../../lib/csv';
import { FulfilmentError, isPaid, NEXT_STATUS } from '../../orders/fulfilment';

/** Rows read per query while exporting. */
export const ORDER_EXPORT_PAGE_ROWS = 1000;

/** The first moment of a UTC day, and of the day after it. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 3600 * 1000);

/** `from`/`to` (UTC days, both inclusive) as conditions on `orders.created_at`. */
function dayRange(from: string | undefined, to: string | undefined): SQL[] {
  return [...(from ? [gte(orders.createdAt, dayStart(from))] : []), ...(to ? [lt(orders.createdAt, dayAfter(to))] : [])];
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const UUID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * An order id, whole or its first characters, as the range of uuids that start with it: the text
 * of a uuid is lower-case hex in a fixed shape, and uuids sort as that text does, so "the id's
 * text starts with q" is `id between q000… and qfff…` — which the primary key's index answers.
 * `null` when `q` cannot begin an order id.
 */
export function idPrefixRange(q: string): { low: string; high: string } | null {
  const prefix = q.toLowerCase();
  if (prefix.length === 0 || prefix.length > UUID_SHAPE.length) return null;
  for (let i = 0; i < prefix.length; i++) {
    const char = prefix[i] ?? '';
    if (UUID_SHAPE[i] === '-' ? char !== '-' : !/[0-9a-f]/.test(char)) return null;
  }
  const rest = UUID_SHAPE.slice(prefix.length);
  return { low: prefix + rest.replace(/x/g, '0'), high: prefix + rest.replace(/x/g, 'f') };
}

/**
 * The search: an order id (whole or its start), or part of the customer's email or name, case
 * ignored. Email and name go through the trigram indexes (`users.email ilike`, `lower(users.name)
 * like`) as a subquery of matching shoppers.
 */
function searchCondition(q: string): SQL {
  const pattern = `%${likeLiteral(q.toLowerCase())}%`;
  // `= some(array(…))`: the matching shoppers are found first (one initplan, by the trigram
  // indexes), then their orders by `orders_user_created_idx` — and OR-ed with the id range as a
  // BitmapOr of two index scans, where an `in (subquery)` would make the planner scan every order.
  const shoppers = sql`${orders.userId} = some(array(select ${users.id} from ${users} where ${users.email} ilike ${pattern} or lower(${users.name}) like ${pattern}))`;
  const range = idPrefixRange(q);
  return range ? sql`(${orders.id} between ${range.low}::uuid and ${range.high}::uuid or ${shoppers})` : shoppers;
}

/** Σ quantity of the order's lines, as a column of a query over `orders`. */
const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::integer from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

const summaryColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  userId: orders.userId,
  email: users.email,
  name: users.name,
  amountCents: orders.amountCents,
  refundedCents: orders.refundedCents,
  currency: orders.currency,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  itemCount,
};

type SummaryRow = {
  id: string;
  createdAt: Date;
  userId: string;
  email: string;
  name: string;
  amountCents: number;
  refundedCents: number;
  currency: string;
  status: string;
  paymentStatus: string;
  itemCount: number;
};

function toSummary(row: SummaryRow): AdminOrderSummary {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    customer: { _id: row.userId, email: row.email, name: row.name },
    amount: centsToDollars(row.amountCents),
    refunded: centsToDollars(row.refundedCents),
    currency: row.currency,
    status: row.status as OrderStatus, // the table's check allows only these
    paymentStatus: row.paymentStatus as PaymentStatus, // likewise
    itemCount: row.itemCount,
  };
}

const SORTS = {
  createdAt: [asc(orders.createdAt), asc(orders.id)],
  '-createdAt': [desc(orders.createdAt), desc(orders.id)],
  amount: [asc(orders.amountCents), asc(orders.createdAt), asc(orders.id)],
  '-amount': [desc(orders.amountCents), desc(orders.createdAt), desc(orders.id)],
} as const;

/**
 * One page of orders matching the filters, and how many match (counted with the same filter).
 * Each with its customer, amount, refunded amount, statuses and item count.
 */
export async function listAdminOrders(db: Database, query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
  const conditions = [
    ...(query.status ? [eq(orders.status, query.status)] : []),
    ...(query.paymentStatus ? [eq(orders.paymentStatus, query.paymentStatus)] : []),
    ...(query.q ? [searchCondition(query.q)] : []),
    ...dayRange(query.from, query.to),
  ];
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // The page's ids first, from `orders` alone (its indexes answer the order and the offset),
  // then those orders with their shoppers: joining before paging would join every match.
  const [page, [count]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    // Every order has its shopper (a foreign key, cascading), so the count needs no join.
    db.select({ total: sql<number>`count(*)::integer` }).from(orders).where(where),
  ]);
  const ids = page.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await db.select(summaryColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(inArray(orders.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const data = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row)] : [];
  });
  return { data, total: count?.total ?? 0 };
}

const RefundItemsSchema = z.array(z.object({ productId: z.string(), quantity: z.number().int() }));

const actorOf = (id: string | null, email: string | null, role: string | null) =>
  email === null ? null : { _id: id, email, role: (role as StaffRole | null) ?? null };

/** One order with everything the order page shows; 400 for what is not an order id, 404 when there is none. */
export async function getAdminOrder(db: Executor, orderId: string): Promise<AdminOrder> {
  if (!z.uuid().safeParse(orderId).success) throw new FulfilmentError('INVALID_ORDER_ID', `'${orderId}' is not an order id.`);
  const [row] = await db
    .select({
      ...summaryColumns,
      updatedAt: orders.updatedAt,
      paidAt: orders.paidAt,
      payBy: orders.payBy,
      lng: orders.lng,
      shippingAddress: orders.shippingAddress,
      discountCents: orders.discountCents,
      promotionId: promotions.id,
      promotionCode: promotions.code,
      promotionNameEn: promotions.nameEn,
      promotionNameAr: promotions.nameAr,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(promotions, eq(promotions.id, orders.promotionId))
    .where(eq(orders.id, orderId));
  if (!row) throw new FulfilmentError('ORDER_NOT_FOUND', `There is no order ${orderId}.`);

  const [lines, sessions, refundRows, events, mails] = await Promise.all([
    db
      .select({
        productId: orderItems.productId,
        titleEn: products.titleEn,
        titleAr: products.titleAr,
        thumbnail: products.thumbnail,
        quantity: orderItems.quantity,
        priceCents: orderItems.priceCents,
        discountCents: orderItems.discountCents,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position)),
    db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).orderBy(asc(paymentSessions.createdAt)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq)),
    db
      .select({ kind: outbox.kind, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
      .from(outbox)
      .where(eq(outbox.orderId, orderId))
      .orderBy(asc(outbox.createdAt)),
  ]);

  const adminRefunds: AdminRefund[] = refundRows.map((refund) => ({
    _id: refund.id,
    amount: centsToDollars(refund.amountCents),
    reason: refund.reason,
    restock: refund.restock,
    items: RefundItemsSchema.parse(refund.items),
    status: refund.status,
    providerRefundId: refund.providerRefundId,
    failureMessage: refund.failureMessage,
    by: actorOf(refund.staffId, refund.staffEmail, refund.staffRole),
    createdAt: refund.createdAt.toISOString(),
  }));
  const restocked = new Map<string, number>();
  for (const refund of adminRefunds) {
    if (refund.status !== 'succeeded' || !refund.restock) continue;
    for (const item of refund.items) restocked.set(item.productId, (restocked.get(item.productId) ?? 0) + item.quantity);
  }

  // `sortAt`: where the moment goes in the timeline; a mail goes where the change that wrote it
  // did (its row's creation, in that transaction), and shows when it was sent.
  const entry = (
    at: Date,
    kind: TimelineEntry['kind'],
    fields: Partial<Omit<TimelineEntry, 'at' | 'kind'>> = {},
    sortAt: Date = at,
  ): TimelineEntry & { order: number } => ({
    at: at.toISOString(),
    kind,
    by: fields.by ?? null,
    from: fields.from ?? null,
    to: fields.to ?? null,
    note: fields.note ?? null,
    amount: fields.amount ?? null,
    mailStatus: fields.mailStatus ?? null,
    order: sortAt.getTime(),
  });
  const timeline = [
    entry(row.createdAt, 'placed'),
    ...(row.paidAt ? [entry(row.paidAt, 'paid')] : []),
    ...events.map((event) =>
      entry(event.createdAt, event.kind as TimelineEntry['kind'], {
        by: actorOf(event.staffId, event.staffEmail, event.staffRole),
        from: event.fromStatus,
        to: event.toStatus,
        note: event.note,
        amount: event.amountCents === null ? null : centsToDollars(event.amountCents),
      }),
    ),
    ...mails.map((mail) => entry(mail.sentAt ?? mail.createdAt, 'mail', { note: mail.kind, mailStatus: mail.status }, mail.createdAt)),
  ]
    // A stable sort: moments of one transaction keep the order they were listed in.
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...rest }) => rest);

  const status = row.status as OrderStatus;
  const paymentStatus = row.paymentStatus as PaymentStatus;
  const pendingCents = refundRows.filter((refund) => refund.status === 'pending').reduce((sum, refund) => sum + refund.amountCents, 0);
  const paidOnce = isPaid(paymentStatus);
  return {
    ...toSummary(row),
    updatedAt: row.updatedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    payBy: row.payBy.toISOString(),
    lng: row.lng,
    lines: lines.map((line) => ({
      productId: line.productId,
      title: { en: line.titleEn, ar: line.titleAr },
      thumbnail: line.thumbnail,
      quantity: line.quantity,
      price: centsToDollars(line.priceCents),
      discount: centsToDollars(line.discountCents),
      paid: centsToDollars(line.priceCents * line.quantity - line.discountCents),
      restocked: restocked.get(line.productId) ?? 0,
    })),
    discount: centsToDollars(row.discountCents),
    promotion:
      row.promotionId === null
        ? null
        : { _id: row.promotionId, code: row.promotionCode, name: { en: row.promotionNameEn ?? '', ar: row.promotionNameAr ?? '' } },
    shippingAddress: row.shippingAddress as OrderAddress, // written by placeOrder as an OrderAddress
    payments: sessions.map((session) => ({
      _id: session.id,
      provider: session.provider,
      providerSessionId: session.providerSessionId,
      status: session.status,
      amount: centsToDollars(session.amountCents),
      createdAt: session.createdAt.toISOString(),
    })),
    refunds: adminRefunds,
    timeline,
    nextStatus: paidOnce ? (NEXT_STATUS[status] ?? null) : null,
    refundable: paidOnce ? centsToDollars(Math.max(row.amountCents - row.refundedCents - pendingCents, 0)) : 0,
    cancellable: status === 'Waiting for Supplier' || status === 'Processing',
  };
}

/**
 * The orders placed from `from` to `to` (UTC days, inclusive; either open) as CSV for the
 * accountant: a byte-order mark, the header ORDER_CSV_COLUMNS, one row per order, oldest first,
 * read a page at a time by keyset (no transaction holds the database meanwhile). Amounts in
 * dollars with two decimals, written as numbers; the texts (the shopper's email above all) through
 * lib/csv.ts, so one a spreadsheet would run as a formula starts with `'`; lines end in CRLF.
 */
export async function* exportOrdersCsv(db: Database, { from, to }: { from?: string; to?: string }): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([[...ORDER_CSV_COLUMNS]]);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        email: users.email,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        amountCents: orders.amountCents,
        refundedCents: orders.refundedCents,
        discountCents: orders.discountCents,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(...dayRange(from, to), after ? sql`(${orders.createdAt}, ${orders.id}) > (select o.created_at, o.id from ${orders} o where o.id = ${after}::uuid)` : undefined))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(ORDER_EXPORT_PAGE_ROWS);
    if (rows.length === 0) return;
    yield csvLines(rows.map((r) => [r.id, r.createdAt.toISOString(), r.email, r.status, r.paymentStatus, csvDollars(r.amountCents), csvDollars(r.refundedCents), csvDollars(r.discountCents)]));
    const last = rows[rows.length - 1];
    if (!last || rows.length < ORDER_EXPORT_PAGE_ROWS) return;
    // The next page starts after the last row, read from the table (its time has microseconds, a Date only milliseconds).
    after = last.id;
  }
}
