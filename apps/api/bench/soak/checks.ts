// What the soak checks afterwards, read directly from PostgreSQL and from DATA_DIR/mail: no
// acknowledged write lost, no product oversold, one confirmation mail per paid order; and how the
// failures fall relative to the kills.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import type pg from 'pg';

import { orderReference } from '../../src/mail/messages';

import type { ShopperState } from './shopper';
import type { Disruption, LatencyRow, RequestRecord, RequestType, SoakReport } from './types';

/** A failure counts against a disruption when the request was in flight at it or started within this after it. */
export const FAILURE_WINDOW_MS = 5_000;
/** At most this many failures per shopper per disruption (issue #37). */
export const FAILURES_PER_SHOPPER = 2;
/** Latency counts as "during" a disruption when the request started within this after it, or was in flight at it. */
export const DURING_MS = 10_000;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function classifyFailures(records: RequestRecord[], disruptions: Disruption[], shoppers: number): SoakReport['failures'] {
  const perShopper = new Map<string, number>();
  const byKind: Record<string, number> = {};
  let inFlight = 0;
  let within5s = 0;
  let unexplained = 0;
  let total = 0;
  for (const record of records) {
    if (record.outcome !== 'failed') continue;
    total += 1;
    const kind = record.error?.split(':')[0] ?? 'unknown';
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    const covering = disruptions.filter((d) => record.end >= d.at && record.start <= d.at + FAILURE_WINDOW_MS);
    const first = covering[0];
    if (!first) {
      unexplained += 1;
      continue;
    }
    if (covering.some((d) => record.start < d.at)) inFlight += 1;
    else within5s += 1;
    const key = `${record.shopper}@${first.at}`;
    perShopper.set(key, (perShopper.get(key) ?? 0) + 1);
  }
  return {
    total,
    inFlight,
    within5s,
    unexplained,
    maxPerShopperPerDisruption: Math.max(0, ...perShopper.values()),
    bound: FAILURES_PER_SHOPPER * shoppers * disruptions.length,
    byKind,
  };
}

export function describeFailures(records: RequestRecord[], disruptions: Disruption[]): SoakReport['failureList'] {
  return records
    .filter((record) => record.outcome === 'failed')
    .sort((a, b) => a.start - b.start)
    .map((record) => {
      const d = disruptions.find((x) => record.end >= x.at && record.start <= x.at + FAILURE_WINDOW_MS);
      const against = d ? `${d.kind === 'kill' ? `kill of process ${d.index}` : 'PgBouncer restart'} at ${(d.at / 1000).toFixed(1)} s, ${record.start < d.at ? 'in flight' : 'started after'}` : 'none';
      return { start: record.start, end: record.end, shopper: record.shopper, type: record.type, error: (record.error ?? '').slice(0, 120), against };
    });
}

export function latencyRows(records: RequestRecord[], disruptions: Disruption[]): LatencyRow[] {
  const firstAt = disruptions[0]?.at ?? Number.POSITIVE_INFINITY;
  const groups = new Map<string, { type: RequestType; phase: LatencyRow['phase']; values: number[] }>();
  for (const record of records) {
    if (record.outcome === 'failed') continue;
    const phase: LatencyRow['phase'] =
      record.start < firstAt
        ? record.end >= firstAt
          ? 'during'
          : 'before'
        : disruptions.some((d) => (record.start >= d.at && record.start < d.at + DURING_MS) || (record.start < d.at && record.end >= d.at))
          ? 'during'
          : 'after';
    const key = `${record.type}|${phase}`;
    const group = groups.get(key) ?? { type: record.type, phase, values: [] };
    group.values.push(record.end - record.start);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ type, phase, values }) => {
      values.sort((a, b) => a - b);
      return { type, phase, count: values.length, p50: percentile(values, 50), p95: percentile(values, 95) };
    })
    .sort((a, b) => a.type.localeCompare(b.type) || ['before', 'during', 'after'].indexOf(a.phase) - ['before', 'during', 'after'].indexOf(b.phase));
}

/** Every write answered 2xx, looked for in PostgreSQL. */
export async function checkWrites(client: pg.Client, shoppers: ShopperState[]): Promise<SoakReport['writes']> {
  const ids = shoppers.map((s) => s.id);
  const cartRows = await client.query<{ user_id: string; product_id: string; quantity: number }>(
    'select c.user_id, ci.product_id, ci.quantity from carts c join cart_items ci on ci.cart_id = c.id where c.user_id = some($1::uuid[])',
    [ids],
  );
  const wishRows = await client.query<{ user_id: string; product_id: string }>('select user_id, product_id from wishlist_items where user_id = some($1::uuid[])', [ids]);
  const orderRows = await client.query<{ id: string; payment_status: string; product_id: string; quantity: number }>(
    'select o.id, o.payment_status, oi.product_id, oi.quantity from orders o join order_items oi on oi.order_id = o.id where o.user_id = some($1::uuid[])',
    [ids],
  );
  const carts = new Map(cartRows.rows.map((row) => [`${row.user_id}/${row.product_id}`, row.quantity]));
  const wishes = new Set(wishRows.rows.map((row) => `${row.user_id}/${row.product_id}`));
  const orders = new Map<string, { paymentStatus: string; items: Map<string, number> }>();
  for (const row of orderRows.rows) {
    const order = orders.get(row.id) ?? { paymentStatus: row.payment_status, items: new Map<string, number>() };
    order.items.set(row.product_id, row.quantity);
    orders.set(row.id, order);
  }

  const result: SoakReport['writes'] = { cartLines: 0, cartUncertain: 0, wishLines: 0, wishUncertain: 0, orders: 0, payments: 0, lost: 0, lostDetail: [] };
  const lost = (words: string) => {
    result.lost += 1;
    if (result.lostDetail.length < 20) result.lostDetail.push(words);
  };
  for (const shopper of shoppers) {
    for (const [product, known] of shopper.cart) {
      if (known.uncertain) {
        result.cartUncertain += 1;
        continue;
      }
      result.cartLines += 1;
      const found = carts.get(`${shopper.id}/${product}`) ?? 0;
      if (found !== known.value) lost(`shopper ${shopper.index}: cart line ${product} is ${found}, acknowledged ${known.value}`);
    }
    for (const [product, known] of shopper.wish) {
      if (known.uncertain) {
        result.wishUncertain += 1;
        continue;
      }
      result.wishLines += 1;
      const found = wishes.has(`${shopper.id}/${product}`) ? 1 : 0;
      if (found !== known.value) lost(`shopper ${shopper.index}: wish-list entry ${product} is ${found ? 'there' : 'missing'}, acknowledged ${known.value ? 'added' : 'removed'}`);
    }
    for (const order of shopper.orders.values()) {
      result.orders += 1;
      const found = orders.get(order.id);
      if (!found) {
        lost(`shopper ${shopper.index}: order ${order.id} acknowledged (201) but not found`);
        continue;
      }
      for (const item of order.items) {
        if (found.items.get(item._id) !== item.quantity) lost(`shopper ${shopper.index}: order ${order.id} line ${item._id} is ${found.items.get(item._id)}, placed ${item.quantity}`);
      }
    }
    for (const orderId of shopper.paid) {
      result.payments += 1;
      const status = orders.get(orderId)?.paymentStatus;
      if (status !== 'Paid') lost(`shopper ${shopper.index}: payment of order ${orderId} acknowledged (303) but the order is ${status ?? 'missing'}`);
    }
  }
  return result;
}

/** Stock now + units in orders not cancelled = stock at the start, for every product. */
export async function checkStock(client: pg.Client, start: Map<string, number>, scarce: { id: string; title: string }[]): Promise<SoakReport['stock']> {
  const { rows } = await client.query<{ id: string; quantity: number; sold: string }>(
    `select p.id, p.quantity, coalesce(sum(oi.quantity) filter (where o.status <> 'Cancelled'), 0) as sold
     from products p left join order_items oi on oi.product_id = p.id left join orders o on o.id = oi.order_id
     group by p.id, p.quantity`,
  );
  let oversold = 0;
  let unitsSold = 0;
  const byId = new Map<string, { quantity: number; sold: number }>();
  for (const row of rows) {
    const sold = Number(row.sold);
    unitsSold += sold;
    byId.set(row.id, { quantity: row.quantity, sold });
    const before = start.get(row.id);
    if (before === undefined || row.quantity + sold !== before || row.quantity < 0) oversold += 1;
  }
  return {
    products: rows.length,
    scarce: scarce.map(({ id, title }) => ({ id, title, start: start.get(id) ?? 0, end: byId.get(id)?.quantity ?? 0, sold: byId.get(id)?.sold ?? 0 })),
    oversold,
    unitsSold,
  };
}

const ORDER_LINK = /\/Order\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/**
 * The confirmation mails (`.eml` under DATA_DIR/mail): each names its order by the link to the
 * order's page (`/Order/{id}`) in its text, and its subject says it is confirmed (the shoppers
 * speak English). Every paid order needs one; a second is allowed only
 * as the outbox's at-least-once duplicate, at most one per kill (a worker sends one at a time).
 */
export async function checkMail(client: pg.Client, mailDir: string, kills: number): Promise<SoakReport['mail']> {
  const { rows } = await client.query<{ id: string }>(`select id from orders where payment_status = 'Paid'`);
  const paid = new Set(rows.map((row) => row.id));
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const perOrder = new Map<string, number>();
  let strays = 0;
  for (const name of files) {
    const parsed = await simpleParser(await readFile(path.join(mailDir, name)));
    const orderId = ORDER_LINK.exec(parsed.text ?? '')?.[1]?.toLowerCase();
    if (!orderId || !paid.has(orderId) || !(parsed.subject ?? '').includes(`${orderReference(orderId)} is confirmed`)) {
      strays += 1;
      continue;
    }
    perOrder.set(orderId, (perOrder.get(orderId) ?? 0) + 1);
  }
  let missing = 0;
  let duplicates = 0;
  for (const id of paid) {
    const count = perOrder.get(id) ?? 0;
    if (count === 0) missing += 1;
    else duplicates += count - 1;
  }
  return { paidOrders: paid.size, files: files.length, missing, duplicates, duplicateBound: kills, strays };
}
