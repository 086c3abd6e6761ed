import type { StockLedgerKind } from '@dukkan/contracts/admin-products';
import type { Language } from '@dukkan/contracts/common';
import { centsToDollars } from '@dukkan/contracts/money';
import {
  PAST_ORDER_STATUSES,
  type Order,
  type OrderAddress,
  type OrderItem,
  type OrderRefund,
  type OrderStatus,
  type PaymentStatus,
  type ShopperOrder,
} from '@dukkan/contracts/orders';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';


import type { Database, Executor, Transaction } from '../../db/client';
import { addresses, orderItems, orders, paymentSessions, products, promotions, promotionUses, refunds, stockLedger, users } from '../../db/schema';
import { badRequest, conflict, notFound, type HttpError } from '../../lib/errors';
import type { PricedLine } from '../promotions/amounts';
import { promotionOfOrder, type OrderPromotion } from '../promotions/order-promotion';

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
/** The order lists of an account that is not the shopper's: 404 as for no account, never "forbidden". */
export const ORDERS_NOT_FOUND_MESSAGE = 'Orders not found';
export const ADDRESS_NOT_FOUND_MESSAGE = 'This address is not in your address book. Please choose a saved address.';
export const DUPLICATE_LINE_MESSAGE = 'The same product appears twice in the order';

/**
 * The most orders one shopper may have waiting for payment at once: each holds its stock until it
 * is paid or expires, so without a limit one shopper could hold a product's whole stock (decision 0031).
 */
export const MAX_UNPAID_ORDERS = 3;
export const TOO_MANY_UNPAID_ORDERS_MESSAGE = `You already have ${MAX_UNPAID_ORDERS} orders waiting for payment. Pay or cancel one of them first.`;

/** 409 naming the product whose stock cannot cover the order. */
export function stockShortMessage(title: string, stock: number): string {
  return stock <= 0 ? `${title} is out of stock` : `Only ${stock} left of ${title}`;
}

/** The most orders one list answers: the newest. */
const ORDERS_PER_LIST = 100;

export interface PlaceOrderInput {
  items: { _id: string; quantity: number }[];
  addressId: string;
  idempotencyKey: string | undefined;
  lng: Language;
}

export interface PlaceOrderOptions {
  paymentTimeoutMinutes: number;
}

/** A stock change of one product: negative takes, positive gives back; `orderId` when an order's. */
export interface StockChange {
  productId: string;
  delta: number;
  orderId?: string | null;
}


/** Who changed stock when it was not an order: the staff member and their reason. */
export interface StockChangeAuthor {
  staffId?: string | null;
  reason?: string | null;
}

/**
 * Locks the products' rows in id order — every writer of stock locks in this order, so two
 * orders never wait on each other in a circle — and answers them as they are now.
 */
export async function lockProducts(tx: Transaction, productIds: string[], lng: Language) {
  if (productIds.length === 0) return [];
  return tx
    .select({
      id: products.id,
      title: lng === 'ar' ? products.titleAr : products.titleEn,
      priceCents: products.priceCents,
      categoryId: products.categoryId,
      stock: products.quantity,
      status: products.status,
    })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
}

const UpdatedStockSchema = z.object({ rows: z.array(z.object({ id: z.string(), quantity: z.coerce.number() })) });

/**
 * Applies stock changes to products the transaction has locked, in one statement, and records
 * each change in the stock ledger (one row per change, in the order given: a product changed
 * twice gets two rows, the second's `before` the first's `after`). Answers each product's
 * quantity now.
 */
export async function applyStockChanges(
  tx: Transaction,
  changes: StockChange[],
  kind: StockLedgerKind,
  author: StockChangeAuthor = {},
): Promise<Map<string, number>> {
  if (changes.length === 0) return new Map();
  const totals = new Map<string, number>();
  for (const { productId, delta } of changes) totals.set(productId, (totals.get(productId) ?? 0) + delta);
  const values = sql.join(
    [...totals].map(([productId, delta]) => sql`(${productId}::uuid, ${delta}::integer)`),
    sql`, `,
  );
  const updated = UpdatedStockSchema.parse(
    await tx.execute(sql`update products p set quantity = p.quantity + c.delta from (values ${values}) as c(id, delta) where p.id = c.id returning p.id, p.quantity`),
  );
  const after = new Map(updated.rows.map((row) => [row.id, row.quantity]));
  // Walk each product's changes forward from its quantity before this statement.
  const running = new Map([...after].map(([id, quantity]) => [id, quantity - (totals.get(id) ?? 0)]));
  const rows = changes.flatMap(({ productId, delta, orderId }) => {
    const before = running.get(productId);
    if (before === undefined) return [];
    running.set(productId, before + delta);
    return [
      {
        productId,
        kind,
        quantityBefore: before,
        quantityAfter: before + delta,
        reason: author.reason ?? null,
        staffId: author.staffId ?? null,
        orderId: orderId ?? null,
        // The moment of the change itself, under the row lock (not the transaction's start).
        createdAt: sql`clock_timestamp()`,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(stockLedger).values(rows);
  return after;
}

/** The order a repeated `Idempotency-Key` of the shopper made, if any. */
async function orderOfKey(db: Executor, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row?.id ?? null;
}

/** Thrown inside the transaction when a concurrent request with the same key made the order first. */
class KeyTakenMeanwhile extends Error {}

/**
 * Locks the shopper's row for the transaction, so two orders of one shopper placed at once are
 * counted one after the other and never both slip under `MAX_UNPAID_ORDERS`. `no key update`
 * leaves writes that merely reference the shopper (cart, addresses) free.
 */
async function lockShopper(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * A 409 naming the limit when the shopper already has `MAX_UNPAID_ORDERS` orders waiting for
 * payment (pending, not cancelled, not past `payBy`); call with the shopper's row locked.
 */
async function checkUnpaidOrderLimit(tx: Transaction, userId: string): Promise<void> {
  const [row] = await tx
    .select({ unpaid: sql<number>`count(*)::integer` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, 'Pending'), sql`${orders.status} <> 'Cancelled'`, sql`${orders.payBy} > now()`));
  if ((row?.unpaid ?? 0) >= MAX_UNPAID_ORDERS) throw conflict(TOO_MANY_UNPAID_ORDERS_MESSAGE, 'TOO_MANY_UNPAID_ORDERS');
}

/**
 * Places an order from the draft's product ids and quantities and one of the shopper's saved
 * addresses, in one transaction: the products are locked, every line's stock is checked and
 * taken, and the amount is computed from the catalog's current prices (whatever the client sent
 * as prices or amount is never read). Not enough stock: 409 naming the product; an address that
 * is not the shopper's: 404; already `MAX_UNPAID_ORDERS` orders waiting for payment: 409 naming
 * the limit; nothing is written on any failure. With an `Idempotency-Key` the shopper already
 * used, the order that key made is answered and nothing else happens (`replayed`). The order
 * waits `paymentTimeoutMinutes` for its payment (`payBy`).
 */
export async function placeOrder(
  db: Database,
  userId: string,
  { items, addressId, idempotencyKey, lng }: PlaceOrderInput,
  { paymentTimeoutMinutes }: PlaceOrderOptions,
): Promise<{ order: Order; replayed: boolean; dropped?: OrderPromotion['dropped'] }> {
  const productIds = items.map((item) => item._id);
  if (new Set(productIds).size !== productIds.length) throw badRequest(DUPLICATE_LINE_MESSAGE, 'DUPLICATE_LINE');

  if (idempotencyKey) {
    const existing = await orderOfKey(db, userId, idempotencyKey);
    if (existing) return { order: await readOrder(db, existing, lng), replayed: true };
  }

  let orderId: string;
  let dropped: OrderPromotion['dropped'];
  try {
    orderId = await db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      // A request with the same key that held the lock before this one has made the order.
      if (idempotencyKey && (await orderOfKey(tx, userId, idempotencyKey))) throw new KeyTakenMeanwhile();
      await checkUnpaidOrderLimit(tx, userId);

      const [address] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
      if (!address) throw notFound(ADDRESS_NOT_FOUND_MESSAGE, 'ADDRESS_NOT_FOUND');

      const locked = new Map((await lockProducts(tx, productIds, lng)).map((row) => [row.id, row]));
      const priced: PricedLine[] = items.map(({ _id, quantity }) => {
        const product = locked.get(_id);
        // A draft or archived product cannot be ordered, as if it did not exist (decision 0034).
        if (!product || product.status !== 'published') throw notFound('A product in your order no longer exists', 'PRODUCT_NOT_FOUND');
        if (product.stock < quantity) throw conflict(stockShortMessage(product.title, product.stock), 'NOT_ENOUGH_STOCK');
        return { productId: _id, departmentId: product.categoryId, totalCents: product.priceCents * quantity };
      });
      // The cart's promotion, weighed on these lines; a cap is counted under the promotion's lock (decision 0059).
      const promotion = await promotionOfOrder(tx, userId, priced, new Date());
      dropped = promotion.dropped;
      const applied = promotion.applied;
      const shares = applied?.discount.shares ?? priced.map(() => 0);
      const discountCents = applied?.discount.amountCents ?? 0;
      // Σ paid + shipping (free): what the card page charges.
      const amountCents = priced.reduce((sum, line) => sum + line.totalCents, 0) - discountCents;

      const shippingAddress: OrderAddress = {
        _id: address.id,
        fullName: address.fullName,
        phoneNumber: address.phoneNumber,
        country: address.country,
        city: address.city,
        area: address.area,
        street: address.street,
        building: address.building,
        floor: address.floor,
        apartment: address.apartment,
        zipCode: address.zipCode,
        extraDetails: address.extraDetails,
      };
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          amountCents,
          promotionId: applied?.candidate.id ?? null,
          discountCents,
          shippingAddress,
          idempotencyKey: idempotencyKey ?? null,
          lng,
          payBy: sql`now() + make_interval(mins => ${paymentTimeoutMinutes})`,
        })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning({ id: orders.id });
      if (!order) throw new KeyTakenMeanwhile();

      await applyStockChanges(
        tx,
        items.map(({ _id, quantity }) => ({ productId: _id, delta: -quantity, orderId: order.id })),
        'order',
      );
      await tx.insert(orderItems).values(
        items.map(({ _id, quantity }, position) => ({
          orderId: order.id,
          productId: _id,
          position,
          quantity,
          priceCents: locked.get(_id)?.priceCents ?? 0,
          discountCents: shares[position] ?? 0,
        })),
      );
      if (applied) await tx.insert(promotionUses).values({ promotionId: applied.candidate.id, orderId: order.id, userId, discountCents });
      return order.id;
    });
  } catch (error) {
    if (error instanceof KeyTakenMeanwhile && idempotencyKey) {
      const existing = await orderOfKey(db, userId, idempotencyKey);
      if (existing) return { order: await readOrder(db, existing, lng), replayed: true };
    }
    throw error;
  }
  return { order: await readOrder(db, orderId, lng), replayed: false, dropped };
}

/**
 * Cancels those of the orders that still wait for their payment and gives their stock back, in
 * the caller's transaction; their open payment sessions end too. Answers the ids it cancelled.
 * The stock of all of them is returned in one pass, products locked in id order (see
 * `lockProducts`), so this never deadlocks with orders being placed.
 */
export async function cancelUnpaidOrders(
  tx: Transaction,
  orderIds: string[],
  paymentStatus: Extract<PaymentStatus, 'Expired' | 'Cancelled'>,
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const cancelled = await tx
    .update(orders)
    .set({ status: 'Cancelled', paymentStatus, updatedAt: sql`now()` })
    .where(and(inArray(orders.id, orderIds), eq(orders.paymentStatus, 'Pending')))
    .returning({ id: orders.id });
  const ids = cancelled.map((row) => row.id);
  if (ids.length === 0) return [];

  const lines = await tx
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  await lockProducts(
    tx,
    [...new Set(lines.map((line) => line.productId))],
    'en',
  );
  await applyStockChanges(
    tx,
    lines.map((line) => ({ productId: line.productId, delta: line.quantity, orderId: line.orderId })),
    paymentStatus === 'Expired' ? 'expiry' : 'cancellation',
  );
  await tx
    .update(paymentSessions)
    .set({ status: paymentStatus === 'Expired' ? 'expired' : 'cancelled' })
    .where(and(inArray(paymentSessions.orderId, ids), eq(paymentSessions.status, 'open')));
  // Their promotions' uses are free again (issue #35).
  await tx.update(promotionUses).set({ releasedAt: sql`now()` }).where(and(inArray(promotionUses.orderId, ids), isNull(promotionUses.releasedAt)));
  return ids;
}

/**
 * Takes an order's stock again, in the caller's transaction (a payment that arrived after the
 * order was cancelled): `true` when every line's stock was there and is now taken, else `false`
 * and nothing changed.
 */
export async function retakeStock(tx: Transaction, orderId: string): Promise<boolean> {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const locked = new Map((await lockProducts(tx, lines.map((line) => line.productId), 'en')).map((row) => [row.id, row]));
  if (lines.some((line) => (locked.get(line.productId)?.stock ?? 0) < line.quantity)) return false;
  await applyStockChanges(
    tx,
    lines.map((line) => ({ productId: line.productId, delta: -line.quantity, orderId })),
    'order',
  );
  // Paid at its discount after all: its promotion's use counts again (it may pass a cap by this one order).
  await tx.update(promotionUses).set({ releasedAt: null }).where(eq(promotionUses.orderId, orderId));
  return true;
}

/**
 * The payment statuses of an order whose money the shop took: what it paid in the end is its
 * amount less its succeeded refunds. A cancelled order whose refund was refused stays 'Paid'.
 */
const PAYMENT_TAKEN: readonly string[] = ['Paid', 'Partially refunded', 'Refunded'] satisfies PaymentStatus[];

/**
 * The shopper's view of the orders' refunds, oldest first: succeeded and pending ones. A failed
 * refund gave nothing back, and its words are the provider's, for staff.
 */
async function refundsOf(db: Executor, orderIds: string[]): Promise<Map<string, OrderRefund[]>> {
  const rows = await db
    .select({ id: refunds.id, orderId: refunds.orderId, amountCents: refunds.amountCents, status: refunds.status, createdAt: refunds.createdAt })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), inArray(refunds.status, ['succeeded', 'pending'])))
    .orderBy(asc(refunds.orderId), asc(refunds.createdAt), asc(refunds.id));
  const byOrder = new Map<string, OrderRefund[]>();
  for (const row of rows) {
    if (row.status === 'failed') continue; // excluded by the query; narrows the type
    const list = byOrder.get(row.orderId) ?? [];
    list.push({ _id: row.id, amount: centsToDollars(row.amountCents), status: row.status, createdAt: row.createdAt.toISOString() });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The orders matching `where`, newest first, with their lines in the request's language and their refunds. */
async function readOrders(db: Executor, where: SQL | undefined, lng: Language, limit = ORDERS_PER_LIST): Promise<ShopperOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      createdAt: orders.createdAt,
      amountCents: orders.amountCents,
      refundedCents: orders.refundedCents,
      discountCents: orders.discountCents,
      promotionCode: promotions.code,
      promotionName: lng === 'ar' ? promotions.nameAr : promotions.nameEn,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      shippingAddress: orders.shippingAddress,
      payBy: orders.payBy,
    })
    .from(orders)
    .leftJoin(promotions, eq(promotions.id, orders.promotionId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];

  const ar = lng === 'ar';
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceCents,
      discountCents: orderItems.discountCents,
      title: ar ? products.titleAr : products.titleEn,
      description: ar ? products.descriptionAr : products.descriptionEn,
      thumbnail: products.thumbnail,
      ratingTenths: products.ratingTenths,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const itemsOf = new Map<string, OrderItem[]>();
  for (const line of lines) {
    const list = itemsOf.get(line.orderId) ?? [];
    list.push({
      _id: line.productId,
      title: line.title,
      thumbnail: line.thumbnail,
      description: line.description,
      price: centsToDollars(line.priceCents),
      rating: line.ratingTenths / 10,
      quantity: line.quantity,
      discount: centsToDollars(line.discountCents),
      paid: centsToDollars(line.priceCents * line.quantity - line.discountCents),
    });
    itemsOf.set(line.orderId, list);
  }

  const refundsOfOrder = await refundsOf(
    db,
    rows.map((row) => row.id),
  );

  return rows.map((row) => {
    const items = itemsOf.get(row.id) ?? [];
    // Whole cents: `refunded_cents` is the Σ of the succeeded refunds, kept in each refund's transaction.
    const paidCents = PAYMENT_TAKEN.includes(row.paymentStatus) ? row.amountCents - row.refundedCents : 0;
    return {
      _id: row.id,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
      amount: centsToDollars(row.amountCents),
      discount: centsToDollars(row.discountCents),
      promotion: row.promotionName === null ? null : { code: row.promotionCode, name: row.promotionName },
      count: items.reduce((sum, item) => sum + item.quantity, 0),
      status: row.status as OrderStatus, // the table's check allows only these
      paymentStatus: row.paymentStatus as PaymentStatus, // likewise
      shippingAddress: row.shippingAddress as OrderAddress, // written by placeOrder as an OrderAddress
      items,
      payBy: row.paymentStatus === 'Pending' && row.status !== 'Cancelled' ? row.payBy.toISOString() : null,
      refunds: refundsOfOrder.get(row.id) ?? [],
      refundedAmount: centsToDollars(row.refundedCents),
      paidAmount: centsToDollars(paidCents),
    };
  });
}

/** One order by id with its lines in `lng`; 404 when there is none. */
export async function readOrder(db: Executor, orderId: string, lng: Language): Promise<ShopperOrder> {
  const [order] = await readOrders(db, eq(orders.id, orderId), lng, 1);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * One order of the shopper: 404 when there is no such order, and the same 404 when it is someone
 * else's — the answer never tells that another shopper's order exists.
 */
export async function getOwnOrder(db: Database, userId: string, orderId: string, lng: Language): Promise<ShopperOrder> {
  const [order] = await readOrders(db, and(eq(orders.id, orderId), eq(orders.userId, userId)), lng, 1);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * The shopper's upcoming orders (not yet delivered or cancelled) or past ones (delivered or
 * cancelled), newest first.
 */
export async function listOrders(db: Database, userId: string, which: 'past' | 'coming', lng: Language): Promise<ShopperOrder[]> {
  const past = [...PAST_ORDER_STATUSES];
  return readOrders(
    db,
    and(eq(orders.userId, userId), which === 'past' ? inArray(orders.status, past) : notInArray(orders.status, past)),
    lng,
  );
}

/** An HttpError for an order whose payment can no longer be taken. */
export function notPayable(paymentStatus: string, status: string): HttpError {
  // A refunded order was paid first: it is as paid as ever for the card page.
  if (paymentStatus === 'Paid' || paymentStatus === 'Partially refunded' || paymentStatus === 'Refunded') {
    return conflict('This order is already paid.', 'ORDER_ALREADY_PAID');
  }
  if (status === 'Cancelled') return conflict('This order was cancelled. Please place it again.', 'ORDER_CANCELLED');
  return conflict('This order cannot be paid.', 'ORDER_NOT_PAYABLE');
}
