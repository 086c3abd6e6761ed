import type { Cart, CartLine, CartProduct } from '@dukkan/contracts/cart';
import type { WishItem, WishProduct } from '@dukkan/contracts/wish';

import { mockFetch, type Handler, type RecordedRequest } from './fetch-mock';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A cart line's product, as `GET /api/cart` answers it. */
export function cartProduct(n: number, overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    _id: id(n),
    title: `Product ${n}`,
    thumbnail: `/images/products/p${n}/0.svg`,
    description: `Description of product ${n}`,
    price: 10 + n + 0.5,
    listPrice: null,
    quantity: 5,
    category: 'Grocery',
    ...overrides,
  };
}

export function wishProduct(n: number, overrides: Partial<WishProduct> = {}): WishProduct {
  const { _id, title, thumbnail, description, price, quantity } = cartProduct(n);
  return { _id, title, thumbnail, description, price, quantity, ...overrides };
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The cart answer for `lines`: count, subtotal and savings as the server computes them. */
export function cartOf(items: CartLine[], identity: Partial<Pick<Cart, '_id' | 'userId' | 'signature'>> = {}): Cart {
  let subtotal = 0;
  let savings = 0;
  let count = 0;
  for (const line of items) {
    count += line.quantity;
    subtotal += cents(line.product.price) * line.quantity;
    if (line.product.listPrice !== null) savings += (cents(line.product.listPrice) - cents(line.product.price)) * line.quantity;
  }
  return { ...identity, items, count, subtotal: subtotal / 100, savings: savings / 100 };
}

export interface ShopState {
  /** The products the fake API knows, by id. */
  products: Map<string, CartProduct>;
  lines: CartLine[];
  wish: WishItem[];
  /** When set, every POST /api/cart/{id} is refused with this status and message. */
  refuseAdd?: { status: number; message: string; code: string };
}

type Json = { status?: number; body: unknown };

/**
 * A fake of the cart, wishlist and categories endpoints, in memory: enough of the API for the
 * cart and wishlist pages and the product buttons. Quantities are checked against the stock
 * ('Only 3 left in stock') like the real API; a guest's first add answers a signed identity.
 * `also` answers what the fake does not (e.g. a product page).
 */
export function mockShop(
  initial: { products?: CartProduct[]; lines?: CartLine[]; wish?: WishItem[]; also?: Handler[] } = {},
): {
  state: ShopState;
  requests: RecordedRequest[];
} {
  const state: ShopState = {
    products: new Map((initial.products ?? []).map((p) => [p._id, p])),
    lines: initial.lines ?? [],
    wish: initial.wish ?? [],
  };
  for (const line of state.lines) state.products.set(line.product._id, line.product);

  const answer = (identity?: Partial<Cart>): Json => ({ body: { data: cartOf(state.lines, identity) } });
  const refuse = (status: number, message: string, code: string): Json => ({ status, body: { message, code } });

  const requests = mockFetch((url, request, body) => {
    const path = decodeURIComponent(url.pathname);
    const method = request.method;
    if (path === '/api/categories/') return { body: { data: [] } };
    // Like the API: neither `token` nor `token2`, no cart (a guest who has added nothing).
    const nobody = !request.headers.has('token') && !request.headers.has('token2');
    if (path === '/api/cart' && method === 'GET') return nobody ? { body: { data: cartOf([]) } } : answer();
    const cartProductPath = /^\/api\/cart\/(.+)$/.exec(path);
    if (cartProductPath && method === 'POST') {
      if (state.refuseAdd) return refuse(state.refuseAdd.status, state.refuseAdd.message, state.refuseAdd.code);
      const product = state.products.get(cartProductPath[1]!);
      if (!product) return refuse(404, 'Product not found', 'NOT_FOUND');
      const line = state.lines.find((l) => l.product._id === product._id);
      const next = (line?.quantity ?? 0) + 1;
      if (next > product.quantity) return refuse(400, `Only ${product.quantity} left in stock`, 'NOT_ENOUGH_STOCK');
      if (line) line.quantity = next;
      else state.lines.push({ product, quantity: 1, priceWhenAdded: product.price });
      return answer(nobody ? { _id: id(7001), userId: id(7002), signature: 'sig-1' } : {});
    }
    if (cartProductPath && method === 'PATCH') {
      state.lines = state.lines.filter((l) => l.product._id !== cartProductPath[1]);
      return answer();
    }
    if (path === '/api/cart' && method === 'PATCH') {
      const { productId, quantity } = JSON.parse(body) as { productId: string; quantity: number };
      const line = state.lines.find((l) => l.product._id === productId);
      if (!line) return refuse(404, 'That product is not in your cart', 'NOT_FOUND');
      if (quantity > line.product.quantity) return refuse(400, `Only ${line.product.quantity} left in stock`, 'NOT_ENOUGH_STOCK');
      line.quantity = quantity;
      return answer();
    }
    if (path === '/api/wish' && method === 'GET') return { body: { data: { items: state.wish } } };
    const wishPath = /^\/api\/wish\/(.+)$/.exec(path);
    if (wishPath && method === 'PATCH') {
      state.wish = state.wish.filter((item) => item.product._id !== wishPath[1]);
      return { body: { data: { items: state.wish } } };
    }
    if (wishPath && method === 'POST') {
      const product = state.products.get(wishPath[1]!);
      if (!product) return refuse(404, 'Product not found', 'NOT_FOUND');
      if (!state.wish.some((item) => item.product._id === product._id)) {
        const { _id, title, thumbnail, description, price, quantity } = product;
        state.wish.unshift({ product: { _id, title, thumbnail, description, price, quantity }, addedAt: new Date().toISOString() });
      }
      return { body: { data: { items: state.wish } } };
    }
    const category = /^\/api\/product\/category\/(.+)$/.exec(path);
    if (category) {
      const data = [...state.products.values()].filter((p) => p.category === category[1]);
      return { body: { data, page: 1, pageSize: data.length || 1, total: data.length } };
    }
    return undefined;
  }, ...(initial.also ?? []));

  return { state, requests };
}

/** Makes the next page a guest's with a cart: its `token2` is in local storage. */
export function storeGuestCart(): void {
  window.localStorage.setItem('token2', JSON.stringify({ userId: id(7002), cartId: id(7001), signature: 'sig-1' }));
}
