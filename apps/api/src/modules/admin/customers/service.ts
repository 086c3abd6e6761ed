import {
  CUSTOMER_ORDERS_LIMIT,
  type AdminCustomer,
  type AdminCustomerSummary,
  type AdminOrderSummary,
} from '@dukkan/contracts/admin-orders';
import { DEFAULT_LANGUAGE, LanguageSchema, type Language } from '@dukkan/contracts/common';
import { centsToDollars } from '@dukkan/contracts/money';
import type { OrderStatus, PaymentStatus } from '@dukkan/contracts/orders';
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';

import type { Database, Executor } from '../../../db/client';
import { addresses, orders, passwordResets, users } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { issuePasswordReset } from '../../users/password-reset';
import { addressColumns } from '../../users/service';
import { recordAudit, type AuditActor } from '../audit/record';

/*
 * The back office's customers (issue #21, decision 0038): the shop's shoppers, looked up by email
 * or name, with their addresses, orders and lifetime spend; staff disable and re-enable them and
 * send them the shop's password-reset mail. No query here reads the password hash.
 */

export const CUSTOMER_NOT_FOUND_MESSAGE = 'Customer not found';
export const DISABLED_RESET_MESSAGE = 'This account is disabled: enable it before sending a password reset.';

/** Payment statuses of an order that was paid: what it cost, less its refunds, was spent. */
const SPENT = sql`('Paid', 'Partially refunded', 'Refunded')`;

/** `%`, `_` and `\` of a LIKE pattern taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The customer's columns every answer shows (never `password_hash`), with their order count and spend. */
const summaryColumns = {
  _id: users.id,
  email: users.email,
  name: users.name,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
  // The outer row named in full: Drizzle writes a selected column's name alone, which inside the
  // subquery would be the order's own `id`.
  orderCount: sql<number>`(select count(*) from orders o where o.user_id = "users"."id")`.mapWith(Number),
  spentCents: sql<number>`(select coalesce(sum(o.amount_cents - o.refunded_cents), 0) from orders o
    where o.user_id = "users"."id" and o.payment_status in ${SPENT})`.mapWith(Number),
};

interface SummaryRow {
  _id: string;
  email: string;
  name: string;
  createdAt: Date;
  disabledAt: Date | null;
  orderCount: number;
  spentCents: number;
}

function toSummary(row: SummaryRow): AdminCustomerSummary {
  return {
    _id: row._id,
    email: row.email,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null,
    orderCount: row.orderCount,
    lifetimeSpend: centsToDollars(row.spentCents),
  };
}

/**
 * `GET /api/admin/customers`: newest account first; `q` is part of an email or a name, whatever its
 * letter case (the trigram indexes `users_email_trgm_idx` and `users_name_trgm_idx`). One page
 * and the total.
 */
export async function listCustomers(db: Database, { q, page, pageSize }: { q?: string | undefined; page: number; pageSize: number }): Promise<{ data: AdminCustomerSummary[]; total: number }> {
  let where: SQL | undefined;
  if (q) {
    // Emails are stored lower-cased; names are compared lower-cased, as their index is built.
    const pattern = `%${likeLiteral(q.toLowerCase())}%`;
    where = or(sql`${users.email} like ${pattern}`, sql`lower(${users.name}) like ${pattern}`);
  }
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data: rows.map(toSummary), total: totals?.total ?? 0 };
}

/** The customer's orders as the back office's order list shows them, newest first. */
async function ordersOf(db: Executor, customer: { _id: string; email: string; name: string }): Promise<AdminOrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      amountCents: orders.amountCents,
      refundedCents: orders.refundedCents,
      currency: orders.currency,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      itemCount: sql<number>`(select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = "orders"."id")`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, customer._id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CUSTOMER_ORDERS_LIMIT);
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    customer: { _id: customer._id, email: customer.email, name: customer.name },
    amount: centsToDollars(row.amountCents),
    refunded: centsToDollars(row.refundedCents),
    currency: row.currency,
    // Both columns are held to these lists by CHECK constraints (orders_status_known, orders_payment_status_known).
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    itemCount: row.itemCount,
  }));
}

/** One customer with profile, addresses, latest orders and spend, or undefined. */
export async function findCustomer(db: Executor, id: string): Promise<AdminCustomer | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, marketingEmails: users.marketingEmails })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return undefined;
  const [book, orderList] = await Promise.all([
    db
      .select(addressColumns)
      .from(addresses)
      .where(eq(addresses.userId, id))
      .orderBy(asc(addresses.position)),
    ordersOf(db, row),
  ]);
  return { ...toSummary(row), marketingEmails: row.marketingEmails, addresses: book, orders: orderList };
}

/** One customer; 404 `CUSTOMER_NOT_FOUND` when unknown. */
export async function getCustomer(db: Executor, id: string): Promise<AdminCustomer> {
  const customer = await findCustomer(db, id);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE, 'CUSTOMER_NOT_FOUND');
  return customer;
}

/**
 * Disables or re-enables a customer's account, in one transaction with its row locked and its
 * audit record. Disabling sets `disabled_at`, raises the token version (every token of theirs is
 * refused at once) and drops their unused reset links; re-enabling clears `disabled_at`, and they
 * sign in again with their password. Asking for the state the account is in changes nothing and
 * records nothing. 404 when unknown.
 */
export async function setCustomerDisabled(db: Database, id: string, disabled: boolean, actor: AuditActor): Promise<AdminCustomer> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE, 'CUSTOMER_NOT_FOUND');
    const wasDisabled = current.disabledAt !== null;
    if (wasDisabled !== disabled) {
      await tx
        .update(users)
        .set(
          disabled
            ? { disabledAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` }
            : { disabledAt: null, updatedAt: sql`now()` },
        )
        .where(eq(users.id, id));
      if (disabled) await tx.delete(passwordResets).where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)));
      await recordAudit(tx, actor, {
        action: 'customer.update',
        entityType: 'customer',
        entityId: id,
        before: { disabled: wasDisabled },
        after: { disabled },
      });
    }
    return getCustomer(tx, id);
  });
}

/** The language of the customer's latest order (their mails are in it), else English. */
async function languageOf(db: Executor, userId: string): Promise<Language> {
  const [latest] = await db.select({ lng: orders.lng }).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  const parsed = LanguageSchema.safeParse(latest?.lng);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}

/**
 * Sends the customer the shop's password-reset mail (the one "forgot password" sends, with a new
 * 30-minute link; older links stop working), in the language of their latest order, through the
 * outbox, in one transaction with its audit record. 404 unknown, 409 `ACCOUNT_DISABLED` for a
 * disabled account. Wake the outbox after it returns.
 */
export async function sendCustomerPasswordReset(db: Database, id: string, actor: AuditActor, { publicUrl }: { publicUrl: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!user) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE, 'CUSTOMER_NOT_FOUND');
    if (user.disabledAt) throw conflict(DISABLED_RESET_MESSAGE, 'ACCOUNT_DISABLED');
    const lng = await languageOf(tx, id);
    await issuePasswordReset(tx, user, { lng, publicUrl });
    await recordAudit(tx, actor, { action: 'customer.password-reset', entityType: 'customer', entityId: id, after: { lng } });
  });
}
