// A simulated shopper: a loop of actions with think time (80% browsing and search, 15% cart and
// wish list, 5% sign-in and checkout with the sandbox payment), every request timed and recorded,
// and every write the shop acknowledged remembered so it can be looked for afterwards.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { RequestRecord, RequestType } from './types';

/** Per-request timeout: a request still unanswered after it counts as failed (timeout). */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface Catalog {
  /** Products with plenty in stock: carts, wish lists and most order lines. */
  plenty: { id: string; title: string; category: string }[];
  /** Products whose stock the soak set small: several shoppers race for their last units. */
  scarce: string[];
  /** Words of product titles, for search and suggestions. */
  words: string[];
  departments: string[];
}

/** What a shopper knows of a cart line or a wish-list entry after its last acknowledged write. */
export interface Known {
  /** Cart: the quantity (0: not in the cart); wish list: 1 in the list, 0 not. */
  value: number;
  /** A write on it failed after the last acknowledged one: it may or may not have been applied. */
  uncertain: boolean;
}

export interface PlacedOrder {
  id: string;
  items: { _id: string; quantity: number }[];
  /** The order as Place Order answered it (create-checkout-session reads its `_id`). */
  body: Record<string, unknown>;
}

export interface ShopperState {
  index: number;
  id: string;
  email: string;
  password: string;
  token: string;
  addressId: string;
  cart: Map<string, Known>;
  wish: Map<string, Known>;
  /** Orders answered 201. */
  orders: Map<string, PlacedOrder>;
  /** Orders whose payment was answered with the card page's 303 (paid). */
  paid: Set<string>;
  /** Orders answered 201 not known to be paid yet: paid at the shopper's next checkout. */
  unpaid: string[];
}

export interface LoadContext {
  baseUrl: string;
  catalog: Catalog;
  /** ms since the load started. */
  now(): number;
  records: RequestRecord[];
  /** Mean think time, ms. */
  thinkMs: number;
  /** Aborted when the load is over: each shopper ends after its action in progress (a think time ends at once). */
  stop: AbortSignal;
}

interface Answer {
  status: number;
  text: string;
  location: string | null;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** One timed request; answers `undefined` when it failed (5xx, connection error, timeout). */
async function call(
  ctx: LoadContext,
  shopper: ShopperState,
  type: RequestType,
  method: string,
  url: string,
  options: { json?: unknown; form?: Record<string, string>; auth?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer | undefined> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (options.auth) headers.token = shopper.token;
  const start = ctx.now();
  const record: RequestRecord = { type, shopper: shopper.index, start, end: start, status: 0, outcome: 'failed' };
  try {
    const res = await fetch(`${ctx.baseUrl}${url}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    record.end = ctx.now();
    record.status = res.status;
    if (res.status >= 500) {
      record.outcome = 'failed';
      record.error = `5xx: ${res.status} ${text.slice(0, 160)}`;
      ctx.records.push(record);
      return undefined;
    }
    record.outcome = res.status >= 400 ? 'refused' : 'ok';
    ctx.records.push(record);
    return { status: res.status, text, location: res.headers.get('location') };
  } catch (error) {
    record.end = ctx.now();
    const name = error instanceof Error ? error.name : '';
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    record.error = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : `connection: ${error instanceof Error ? error.message : String(error)}${cause}`;
    ctx.records.push(record);
    return undefined;
  }
}

function json(answer: Answer): unknown {
  return JSON.parse(answer.text) as unknown;
}

/** The cart's lines (product id → quantity) in a cart answer. */
function cartLines(answer: Answer): Map<string, number> {
  const { data } = json(answer) as { data: { items: { product: { _id: string }; quantity: number }[] } };
  return new Map(data.items.map((line) => [line.product._id, line.quantity]));
}

function wishEntries(answer: Answer): Set<string> {
  const { data } = json(answer) as { data: { items: { product: { _id: string } }[] } };
  return new Set(data.items.map((item) => item.product._id));
}

/** After a cart write on `productId`: the answer tells the line; a failure leaves it uncertain. */
function noteCart(shopper: ShopperState, productId: string, answer: Answer | undefined): void {
  if (!answer) {
    const known = shopper.cart.get(productId) ?? { value: 0, uncertain: false };
    shopper.cart.set(productId, { ...known, uncertain: true });
  } else if (answer.status === 200) {
    shopper.cart.set(productId, { value: cartLines(answer).get(productId) ?? 0, uncertain: false });
  }
}

function noteWish(shopper: ShopperState, productId: string, answer: Answer | undefined): void {
  if (!answer) {
    const known = shopper.wish.get(productId) ?? { value: 0, uncertain: false };
    shopper.wish.set(productId, { ...known, uncertain: true });
  } else if (answer.status === 200) {
    shopper.wish.set(productId, { value: wishEntries(answer).has(productId) ? 1 : 0, uncertain: false });
  }
}

async function browse(ctx: LoadContext, shopper: ShopperState): Promise<void> {
  const { catalog } = ctx;
  const roll = Math.random();
  if (roll < 0.2) await call(ctx, shopper, 'browse:list', 'GET', `/api/product?page=${1 + Math.floor(Math.random() * 5)}&pageSize=24`);
  else if (roll < 0.45) await call(ctx, shopper, 'browse:product', 'GET', `/api/product/${pick(catalog.plenty).id}`);
  else if (roll < 0.65) await call(ctx, shopper, 'browse:department', 'GET', `/api/product/category/${encodeURIComponent(pick(catalog.departments))}`);
  else if (roll < 0.9) await call(ctx, shopper, 'browse:search', 'GET', `/api/product/search?q=${encodeURIComponent(pick(catalog.words))}`);
  else await call(ctx, shopper, 'browse:suggest', 'GET', `/api/product/suggest?q=${encodeURIComponent(pick(catalog.words).slice(0, 3))}`);
}

/** The products a shopper puts in its cart and wish list: a few of its own, so lines stay small. */
function ownProducts(ctx: LoadContext, shopper: ShopperState): string[] {
  const { plenty } = ctx.catalog;
  return Array.from({ length: 6 }, (_, k) => plenty[(shopper.index * 7 + k * 13) % plenty.length]!.id);
}

async function cartOrWish(ctx: LoadContext, shopper: ShopperState): Promise<void> {
  const product = pick(ownProducts(ctx, shopper));
  const roll = Math.random();
  if (roll < 0.3) {
    noteCart(shopper, product, await call(ctx, shopper, 'cart:add', 'POST', `/api/cart/${product}`, { json: { quantity: 1 }, auth: true }));
  } else if (roll < 0.45) {
    const line = shopper.cart.get(product);
    // Setting a line the shopper knows is not there would be a 404: add it instead.
    if (!line || (line.value === 0 && !line.uncertain)) {
      noteCart(shopper, product, await call(ctx, shopper, 'cart:add', 'POST', `/api/cart/${product}`, { json: { quantity: 1 }, auth: true }));
    } else {
      const quantity = 1 + Math.floor(Math.random() * 3);
      noteCart(shopper, product, await call(ctx, shopper, 'cart:set', 'PATCH', '/api/cart', { json: { productId: product, quantity }, auth: true }));
    }
  } else if (roll < 0.55) {
    noteCart(shopper, product, await call(ctx, shopper, 'cart:remove', 'PATCH', `/api/cart/${product}`, { auth: true }));
  } else if (roll < 0.7) {
    await call(ctx, shopper, 'cart:read', 'GET', '/api/cart', { auth: true });
  } else if (roll < 0.82) {
    noteWish(shopper, product, await call(ctx, shopper, 'wish:add', 'POST', `/api/wish/${product}`, { json: {}, auth: true }));
  } else if (roll < 0.9) {
    noteWish(shopper, product, await call(ctx, shopper, 'wish:remove', 'PATCH', `/api/wish/${product}`, { auth: true }));
  } else {
    await call(ctx, shopper, 'wish:read', 'GET', '/api/wish', { auth: true });
  }
}

async function signIn(ctx: LoadContext, shopper: ShopperState): Promise<void> {
  const answer = await call(ctx, shopper, 'account:signin', 'POST', '/api/users/signin', { json: { email: shopper.email, password: shopper.password } });
  if (answer?.status === 200) shopper.token = (json(answer) as { token: string }).token;
}

const CARD = { name: 'Soak Shopper', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** The card page of an order, then Pay: answers whether the shop acknowledged the payment (303). */
async function pay(ctx: LoadContext, shopper: ShopperState, order: PlacedOrder): Promise<void> {
  const session = await call(ctx, shopper, 'checkout:session', 'POST', '/api/stripe/create-checkout-session', {
    json: { order: order.body, userId: shopper.id },
    auth: true,
  });
  if (!session || session.status !== 200) return;
  const page = new URL((json(session) as { url: string }).url, ctx.baseUrl).pathname;
  const form = await call(ctx, shopper, 'checkout:pay-page', 'GET', page);
  if (!form || form.status !== 200) return;
  const paid = await call(ctx, shopper, 'checkout:pay', 'POST', page, { form: CARD });
  // A paid order takes its products out of the shopper's cart (payments/service.ts,
  // removeOrderedLines): acknowledged, those lines are now empty; unanswered, they may be.
  for (const item of order.items) {
    if (paid?.status === 303) shopper.cart.set(item._id, { value: 0, uncertain: false });
    else if (!paid) shopper.cart.set(item._id, { value: shopper.cart.get(item._id)?.value ?? 0, uncertain: true });
  }
  if (paid?.status === 303) {
    shopper.paid.add(order.id);
    shopper.unpaid = shopper.unpaid.filter((id) => id !== order.id);
  }
}

/** An order whose payment was not acknowledged: paid now, unless the shop says it is paid already. */
async function settle(ctx: LoadContext, shopper: ShopperState, orderId: string): Promise<void> {
  const order = shopper.orders.get(orderId)!;
  const read = await call(ctx, shopper, 'checkout:read-order', 'GET', `/api/orders/${orderId}`, { auth: true });
  if (!read || read.status !== 200) return;
  const { order: [found] } = json(read) as { order: { paymentStatus: string }[] };
  if (found && found.paymentStatus !== 'Pending') {
    // Paid by a request whose answer was lost (or cancelled): nothing to do, nothing acknowledged.
    shopper.unpaid = shopper.unpaid.filter((id) => id !== orderId);
    return;
  }
  await pay(ctx, shopper, order);
}

async function checkout(ctx: LoadContext, shopper: ShopperState): Promise<void> {
  const waiting = shopper.unpaid[0];
  if (waiting) {
    await settle(ctx, shopper, waiting);
    return;
  }
  // Half the orders take a unit (or two) of a scarce product: the shoppers race for its last units.
  const items: { _id: string; quantity: number }[] = [];
  if (Math.random() < 0.5 && ctx.catalog.scarce.length > 0) items.push({ _id: pick(ctx.catalog.scarce), quantity: 1 + Math.floor(Math.random() * 2) });
  const other = pick(ctx.catalog.plenty).id;
  if (items.length === 0 || Math.random() < 0.5) items.push({ _id: other, quantity: 1 });
  const placed = await call(ctx, shopper, 'checkout:order', 'POST', '/api/orders', {
    json: { userId: shopper.id, items, shippingAddress: { _id: shopper.addressId } },
    auth: true,
    // A fresh key: the soak never re-sends a failed request, so the key only names this order.
    headers: { 'idempotency-key': randomUUID() },
  });
  if (!placed || placed.status !== 201) return;
  const body = (json(placed) as { data: Record<string, unknown> & { _id: string } }).data;
  const order: PlacedOrder = { id: body._id, items, body };
  shopper.orders.set(order.id, order);
  shopper.unpaid.push(order.id);
  await pay(ctx, shopper, order);
}

/** Exponential think time with mean `mean` ms, cut at 5× the mean; ends early when the load stops. */
async function think(mean: number, stop: AbortSignal): Promise<void> {
  await sleep(Math.min(5 * mean, -Math.log(1 - Math.random()) * mean), undefined, { signal: stop }).catch(() => undefined);
}

/** The shopper's loop until the load stops; one action (one or a few requests) at a time. */
export async function runShopper(ctx: LoadContext, shopper: ShopperState): Promise<{ actions: number }> {
  let actions = 0;
  await sleep(Math.random() * ctx.thinkMs, undefined, { signal: ctx.stop }).catch(() => undefined);
  while (!ctx.stop.aborted) {
    const roll = Math.random();
    if (roll < 0.8) await browse(ctx, shopper);
    else if (roll < 0.95) await cartOrWish(ctx, shopper);
    else if (roll < 0.965) await signIn(ctx, shopper);
    else await checkout(ctx, shopper);
    actions += 1;
    await think(ctx.thinkMs, ctx.stop);
  }
  return { actions };
}
