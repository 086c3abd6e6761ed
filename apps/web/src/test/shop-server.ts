import type { Cart, CartLine, CartProduct, CartResponse, SetQuantityBody } from '@dukkan/contracts/cart';
import type { Product, ProductPageResponse } from '@dukkan/contracts/catalog';
import type { ErrorCode } from '@dukkan/contracts/errors';
import { centsToDollars, dollarsToCents } from '@dukkan/contracts/money';
import type { MyReviewResponse, OwnReview, OwnReviewResponse, ReviewBody } from '@dukkan/contracts/reviews';
import type { WishItem, WishListResponse, WishProduct } from '@dukkan/contracts/wish';
import { http, HttpResponse, type RequestHandler } from 'msw';

import { API, type Answer, answerWith, categoriesAnswer, failure, type RecordedRequest } from './api-server';
import { ownReview } from './fixtures';

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

/** A cart line as tests write it: its promotion's share is worked out by the fake. */
export type FixtureLine = Omit<CartLine, 'discount'> & { discount?: number };

/** A promotion the fake knows: a percent off every line. */
export interface FakePromotion {
  code: string;
  name: string;
  percent: number;
}

/**
 * The cart answer for `lines`: count, subtotal and savings as the server computes them, and
 * `promotion`'s percent off every line (each line's share rounded; enough for the pages' tests).
 */
export function cartOf(
  lines: FixtureLine[],
  identity: Partial<Pick<Cart, '_id' | 'userId' | 'signature'>> = {},
  promotion?: FakePromotion,
  promoNotice: Cart['promoNotice'] = null,
): Cart {
  let subtotal = 0;
  let savings = 0;
  let count = 0;
  let discount = 0;
  const items: CartLine[] = lines.map((line) => {
    const total = dollarsToCents(line.product.price) * line.quantity;
    const share = promotion ? Math.round((total * promotion.percent) / 100) : 0;
    count += line.quantity;
    subtotal += total;
    discount += share;
    if (line.product.listPrice !== null) savings += (dollarsToCents(line.product.listPrice) - dollarsToCents(line.product.price)) * line.quantity;
    return { ...line, discount: centsToDollars(share) };
  });
  return {
    ...identity,
    items,
    count,
    subtotal: centsToDollars(subtotal),
    savings: centsToDollars(savings),
    promotion: promotion ? { code: promotion.code, name: promotion.name, amount: centsToDollars(discount) } : null,
    discount: centsToDollars(discount),
    promoNotice,
  };
}

export interface ShopState {
  /** The products the fake API knows, by id. */
  products: Map<string, CartProduct>;
  lines: FixtureLine[];
  wish: WishItem[];
  /** The codes the fake knows, and the one the cart holds. */
  promotions: FakePromotion[];
  promotion?: FakePromotion;
  /** Codes the fake refuses, with the API's answer. */
  refusals: Map<string, { status: number; code: ErrorCode; message: string; missing?: number }>;
  /** When set, every POST /api/cart/{id} is refused with this status and message. */
  refuseAdd?: { status: number; message: string; code: ErrorCode };
}

/** A product the fake knows as the catalog lists it: what a cart shows of it, and the rest left plain. */
function listedProduct(product: CartProduct): Product {
  return { ...product, images: [product.thumbnail], categoryLabel: product.category, subcategory: '', brand: '', rating: 0, reviewCount: 0 };
}

/** Whether a request carries neither `token` nor `token2` (a guest who has added nothing). */
const nobody = (request: Request) => !request.headers.has('token') && !request.headers.has('token2');

/**
 * A fake of the cart, wishlist and categories endpoints, in memory: enough of the API for the
 * cart and wishlist pages and the product buttons. Quantities are checked against the stock
 * ('Only 3 left in stock') like the real API; a guest's first add answers a signed identity.
 * `also` answers what the fake does not (e.g. a product page).
 */
export function mockShop(
  initial: {
    products?: CartProduct[];
    lines?: FixtureLine[];
    wish?: WishItem[];
    promotions?: FakePromotion[];
    refusals?: [string, { status: number; code: ErrorCode; message: string; missing?: number }][];
    also?: RequestHandler[];
  } = {},
): {
  state: ShopState;
  requests: RecordedRequest[];
} {
  const state: ShopState = {
    products: new Map((initial.products ?? []).map((p) => [p._id, p])),
    lines: initial.lines ?? [],
    wish: initial.wish ?? [],
    promotions: initial.promotions ?? [],
    refusals: new Map(initial.refusals ?? []),
  };
  for (const line of state.lines) state.products.set(line.product._id, line.product);

  const cart = (identity?: Partial<Cart>): HttpResponse<CartResponse> => HttpResponse.json({ data: cartOf(state.lines, identity, state.promotion) });
  const wishList = (): HttpResponse<WishListResponse> => HttpResponse.json({ data: { items: state.wish } });

  const requests = answerWith(
    categoriesAnswer([]),
    // Like the API: neither `token` nor `token2`, no cart.
    http.get<never, never, Answer<CartResponse>>(`${API}/cart`, ({ request }) => (nobody(request) ? HttpResponse.json({ data: cartOf([]) }) : cart())),
    http.post<never, { code: string }, Answer<CartResponse>>(`${API}/cart/promo`, async ({ request }) => {
      const { code } = await request.json();
      const refusal = state.refusals.get(code.trim().toUpperCase());
      if (refusal) return HttpResponse.json({ message: refusal.message, code: refusal.code, ...(refusal.missing === undefined ? {} : { missing: refusal.missing }) }, { status: refusal.status });
      const promotion = state.promotions.find((known) => known.code.toUpperCase() === code.trim().toUpperCase());
      if (!promotion) return failure(404, 'PROMO_UNKNOWN', 'No promotion has this code');
      state.promotion = promotion;
      return cart();
    }),
    http.delete<never, never, Answer<CartResponse>>(`${API}/cart/promo`, () => {
      state.promotion = undefined;
      return cart();
    }),
    http.post<{ productId: string }, never, Answer<CartResponse>>(`${API}/cart/:productId`, ({ request, params }) => {
      if (state.refuseAdd) return failure(state.refuseAdd.status, state.refuseAdd.code, state.refuseAdd.message);
      const product = state.products.get(params.productId);
      if (!product) return failure(404, 'NOT_FOUND', 'Product not found');
      const line = state.lines.find((l) => l.product._id === product._id);
      const next = (line?.quantity ?? 0) + 1;
      if (next > product.quantity) return failure(400, 'NOT_ENOUGH_STOCK', `Only ${product.quantity} left in stock`);
      if (line) line.quantity = next;
      else state.lines.push({ product, quantity: 1, priceWhenAdded: product.price });
      return cart(nobody(request) ? { _id: id(7001), userId: id(7002), signature: 'sig-1' } : {});
    }),
    http.patch<{ productId: string }, never, Answer<CartResponse>>(`${API}/cart/:productId`, ({ params }) => {
      state.lines = state.lines.filter((l) => l.product._id !== params.productId);
      return cart();
    }),
    http.patch<never, SetQuantityBody, Answer<CartResponse>>(`${API}/cart`, async ({ request }) => {
      const { productId, quantity } = await request.json();
      const line = state.lines.find((l) => l.product._id === productId);
      if (!line) return failure(404, 'NOT_FOUND', 'That product is not in your cart');
      if (quantity > line.product.quantity) return failure(400, 'NOT_ENOUGH_STOCK', `Only ${line.product.quantity} left in stock`);
      line.quantity = quantity;
      return cart();
    }),
    http.get<never, never, Answer<WishListResponse>>(`${API}/wish`, wishList),
    http.patch<{ productId: string }, never, Answer<WishListResponse>>(`${API}/wish/:productId`, ({ params }) => {
      state.wish = state.wish.filter((item) => item.product._id !== params.productId);
      return wishList();
    }),
    http.post<{ productId: string }, never, Answer<WishListResponse>>(`${API}/wish/:productId`, ({ params }) => {
      const product = state.products.get(params.productId);
      if (!product) return failure(404, 'NOT_FOUND', 'Product not found');
      if (!state.wish.some((item) => item.product._id === product._id)) {
        const { _id, title, thumbnail, description, price, quantity } = product;
        state.wish.unshift({ product: { _id, title, thumbnail, description, price, quantity }, addedAt: new Date().toISOString() });
      }
      return wishList();
    }),
    http.get<{ name: string }, never, Answer<ProductPageResponse>>(`${API}/product/category/:name`, ({ params }) => {
      const data = [...state.products.values()].filter((p) => p.category === params.name).map(listedProduct);
      return HttpResponse.json({ data, page: 1, pageSize: data.length || 1, total: data.length });
    }),
    ...(initial.also ?? []),
  );

  return { state, requests };
}

/** Makes the next page a guest's with a cart: its `token2` is in local storage. */
export function storeGuestCart(): void {
  window.localStorage.setItem('token2', JSON.stringify({ userId: id(7002), cartId: id(7001), signature: 'sig-1' }));
}

/** What the fake of a shopper's reviews knows: what they received, what they wrote, what it refuses. */
export interface MyReviewsState {
  /** Products with a delivered order line of the shopper's: they may review them. */
  delivered: Set<string>;
  /** The shopper's reviews, by product. */
  mine: Map<string, OwnReview>;
  /** When set, every POST and PATCH is refused with this answer. */
  refuse?: { status: number; code: ErrorCode; message: string };
}

/**
 * A fake of the shopper's own reviews (issue #36): `GET …/reviews/mine`, `POST …/reviews` and
 * `PATCH …/reviews/mine`, by the API's rules — a guest 401, a product not received 403
 * `REVIEW_NOT_VERIFIED`, a second review 409 `REVIEW_EXISTS`; a review written or edited is
 * pending, in the request's language.
 */
export function mockMyReviews(initial: { delivered?: string[]; mine?: OwnReview[]; refuse?: MyReviewsState['refuse'] } = {}): {
  state: MyReviewsState;
  requests: RecordedRequest[];
} {
  const state: MyReviewsState = {
    delivered: new Set(initial.delivered ?? []),
    mine: new Map((initial.mine ?? []).map((review) => [review.product, review])),
    refuse: initial.refuse,
  };
  const guest = (request: Request) => (request.headers.has('token') ? null : failure(401, 'SIGN_IN_REQUIRED', 'Please sign in'));
  const written = async (request: Request, productId: string, before?: OwnReview): Promise<OwnReview> => {
    const body = (await request.json()) as ReviewBody;
    const review = ownReview(productId, {
      ...before,
      ...body,
      language: request.headers.get('lng') === 'ar' ? 'ar' : 'en',
      status: 'pending',
      rejectReason: null,
    });
    state.mine.set(productId, review);
    return review;
  };
  const requests = answerWith(
    http.get<{ id: string }, never, Answer<MyReviewResponse>>(`${API}/product/:id/reviews/mine`, ({ request, params }) => {
      const review = state.mine.get(params.id) ?? null;
      return guest(request) ?? HttpResponse.json({ data: { review, canReview: review === null && state.delivered.has(params.id) } });
    }),
    http.post<{ id: string }, never, Answer<OwnReviewResponse>>(`${API}/product/:id/reviews`, async ({ request, params }) => {
      const refused = guest(request);
      if (refused) return refused;
      if (state.refuse) return failure(state.refuse.status, state.refuse.code, state.refuse.message);
      if (!state.delivered.has(params.id)) return failure(403, 'REVIEW_NOT_VERIFIED', 'Only shoppers who received this product can review it');
      if (state.mine.has(params.id)) return failure(409, 'REVIEW_EXISTS', 'You have already reviewed this product');
      return HttpResponse.json({ data: await written(request, params.id) }, { status: 201 });
    }),
    http.patch<{ id: string }, never, Answer<OwnReviewResponse>>(`${API}/product/:id/reviews/mine`, async ({ request, params }) => {
      const refused = guest(request);
      if (refused) return refused;
      if (state.refuse) return failure(state.refuse.status, state.refuse.code, state.refuse.message);
      const before = state.mine.get(params.id);
      if (!before) return failure(404, 'REVIEW_NOT_FOUND', 'You have not reviewed this product');
      return HttpResponse.json({ data: await written(request, params.id, before) });
    }),
  );
  return { state, requests };
}
