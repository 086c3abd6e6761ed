// The operator's views of orders (`npm run orders list` and `show`): read-only, no lock taken.
import type { OrderAddress, OrderStatus, PaymentStatus } from '@dukkan/contracts/orders';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';

import type { Database, Executor } from '../../db/client';
import { orderItems, orders, paymentSessions, products, users } from '../../db/schema';

import { checkOrderId, orderNotFound } from './fulfilment';

/** An order as the operator's list shows it. */
export interface OperatorOrder {
  id: string;
  createdAt: Date;
  shopperEmail: string;
  amountCents: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Σ quantity of its lines. */
  itemCount: number;
}

/** Everything the operator needs to fulfil one order. */
export interface OrderDetails {
  order: OperatorOrder & {
    userId: string;
    shopperName: string;
    updatedAt: Date;
    paidAt: Date | null;
    payBy: Date;
  };
  lines: { productId: string; title: string; quantity: number; priceCents: number }[];
  address: OrderAddress;
  sessions: {
    id: string;
    provider: string;
    providerSessionId: string;
    status: string;
    amountCents: number;
    currency: string;
    createdAt: Date;
    expiresAt: Date;
  }[];
}

/** Σ quantity of the order's lines, as a column of a query over `orders`. */
const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::integer from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

async function readOperatorOrders(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      paidAt: orders.paidAt,
      payBy: orders.payBy,
      userId: orders.userId,
      shopperName: users.name,
      shopperEmail: users.email,
      amountCents: orders.amountCents,
      currency: orders.currency,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      shippingAddress: orders.shippingAddress,
      itemCount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The newest `limit` orders of every shopper, newest first, optionally only those in `status`. */
export async function listOrdersForOperator(db: Database, { status, limit }: { status?: OrderStatus; limit: number }): Promise<OperatorOrder[]> {
  const rows = await readOperatorOrders(db, status ? eq(orders.status, status) : undefined, limit);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    shopperEmail: row.shopperEmail,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as OrderStatus, // the table's check allows only these
    paymentStatus: row.paymentStatus as PaymentStatus, // likewise
    itemCount: row.itemCount,
  }));
}

/** One order with its lines (titles in English), shipping address and payment sessions. */
export async function showOrder(db: Database, orderId: string): Promise<OrderDetails> {
  checkOrderId(orderId);
  const [row] = await readOperatorOrders(db, eq(orders.id, orderId), 1);
  if (!row) throw orderNotFound(orderId);
  const lines = await db
    .select({ productId: orderItems.productId, title: products.titleEn, quantity: orderItems.quantity, priceCents: orderItems.priceCents })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const sessions = await db
    .select({
      id: paymentSessions.id,
      provider: paymentSessions.provider,
      providerSessionId: paymentSessions.providerSessionId,
      status: paymentSessions.status,
      amountCents: paymentSessions.amountCents,
      currency: paymentSessions.currency,
      createdAt: paymentSessions.createdAt,
      expiresAt: paymentSessions.expiresAt,
    })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId))
    .orderBy(asc(paymentSessions.createdAt));
  const { shippingAddress, ...order } = row;
  return {
    order: { ...order, status: row.status as OrderStatus, paymentStatus: row.paymentStatus as PaymentStatus },
    lines,
    address: shippingAddress as OrderAddress, // written by placeOrder as an OrderAddress
    sessions,
  };
}
