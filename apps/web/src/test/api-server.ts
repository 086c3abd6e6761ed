import type { AislePageResponse } from '@dukkan/contracts/aisle';
import type { Cart, CartResponse } from '@dukkan/contracts/cart';
import type { Category, CategoryListResponse, Product, ProductDetail, ProductResponse } from '@dukkan/contracts/catalog';
import type { ErrorResponse } from '@dukkan/contracts/common';
import type { ErrorCode } from '@dukkan/contracts/errors';
import type { OrderResponse, OrdersResponse, ShopperOrder } from '@dukkan/contracts/orders';
import type { AutomaticPromotionsResponse } from '@dukkan/contracts/promotions';
import type { ReviewPageResponse } from '@dukkan/contracts/reviews';
import type { User, UserResponse } from '@dukkan/contracts/users';
import { getResponse, http, HttpResponse, RequestHandler, type DefaultBodyType, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The storefront's tests answer its requests with MSW (msw/node, started in setup.ts): the
 * handlers each test gives (`answerWith`), then the API's 404 for anything else. A handler names
 * what its endpoint answers by the contracts' types, so a fixture that drifts from the API's shape
 * does not compile: `http.get<never, never, Answer<ProductResponse>>(…)`.
 */

/**
 * Where the handlers take the API's paths: `/api` on any origin, the page's or the one the server
 * entry is given (ssr/entry-server.test.tsx): `${API}/users/signin`.
 */
export const API = '*/api';

/** What a handler of an endpoint answering `Body` may answer: that, or the API's error (both the contracts' shapes). */
export type Answer<Body extends DefaultBodyType> = Body | ErrorResponse;

/** The API's error answer, `{ message, code }`. */
export function failure(status: number, code: ErrorCode, message: string): HttpResponse<ErrorResponse> {
  return HttpResponse.json({ message, code }, { status });
}

/** Anything no handler of the test answers: the API's 404. */
const notFound = http.all('*', () => failure(404, 'NOT_FOUND', 'Not found'));

/** No automatic promotion runs (issue #35), unless a test answers otherwise: every page asks. */
const noAutomaticPromotions = http.get<never, never, Answer<AutomaticPromotionsResponse>>(`${API}/promotions/automatic`, () => HttpResponse.json({ data: [] }));

export const server = setupServer(noAutomaticPromotions, notFound);

/** One request the storefront made, as the handlers received it. */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The request body as text ('' when none). */
  body: string;
}

/**
 * Answers the storefront's requests with `handlers` (the first that answers wins) before those
 * given earlier in the test; anything no handler answers is a 404 `{ message, code }` like the
 * API's. Returns the requests made from now on, in order, for assertions.
 */
export function answerWith(...handlers: RequestHandler[]): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  // Takes every request first, notes it and lets the handlers after it answer.
  const record = http.all('*', async ({ request }) => {
    requests.push({ url: new URL(request.url), method: request.method, headers: request.headers, body: await request.clone().text() });
  });
  server.use(record, ...handlers);
  return requests;
}

/**
 * Holds the answers of the requests `held` picks until `release()`: the handlers after it have
 * answered them already (a fake shop has changed its state), so a test can look at the page while
 * they are in flight.
 */
export function holdAnswers(held: (request: Request) => boolean): { release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold: HttpHandler = http.all('*', async ({ request }) => {
    if (!held(request)) return undefined;
    const others = server.listHandlers().filter((handler): handler is RequestHandler => handler instanceof RequestHandler && handler !== hold);
    const answer = await getResponse(others, request);
    await gate;
    return answer;
  });
  server.use(hold);
  return { release };
}

/** `GET /api/categories/`: the departments. */
export function categoriesAnswer(categories: Category[]): HttpHandler {
  return http.get<never, never, Answer<CategoryListResponse>>(`${API}/categories/`, () => HttpResponse.json({ data: categories }));
}

/** `GET /api/cart`: the cart as the server counts it (test/shop-server.ts `cartOf`). */
export function cartAnswer(cart: Cart): HttpHandler {
  return http.get<never, never, Answer<CartResponse>>(`${API}/cart`, () => HttpResponse.json({ data: cart }));
}

/** `GET /api/product/{id}` of `product`: not a best seller unless it says so. */
export function productAnswer(product: Product | ProductDetail): HttpHandler {
  return http.get<never, never, Answer<ProductResponse>>(`${API}/product/${product._id}`, () => HttpResponse.json({ data: { bestSeller: false, ...product } }));
}

/**
 * `GET /api/product/{id}/reviews`: `page`, or what it makes of the request's URL (`sort`, `page`,
 * `lng`).
 */
export function reviewsAnswer(productId: string, page: ReviewPageResponse | ((url: URL) => ReviewPageResponse)): HttpHandler {
  return http.get<never, never, Answer<ReviewPageResponse>>(`${API}/product/${productId}/reviews`, ({ request }) =>
    HttpResponse.json(typeof page === 'function' ? page(new URL(request.url)) : page),
  );
}

/**
 * `GET /api/product/category/{name}` (`name` as the request's path has it, encoded; `:name` for
 * every department): `page` (an aisle's page with its counts), or what it makes of the request's URL
 * (`page`, `pageSize`, `subcategory`, the aisle's filters and sort).
 */
export function categoryProductsAnswer(name: string, page: AislePageResponse | ((url: URL) => AislePageResponse)): HttpHandler {
  return http.get<never, never, Answer<AislePageResponse>>(`${API}/product/category/${name}`, ({ request }) =>
    HttpResponse.json(typeof page === 'function' ? page(new URL(request.url)) : page),
  );
}

/** `GET /api/users/{id}` of `user`. */
export function userAnswer(user: User): HttpHandler {
  return http.get<never, never, Answer<UserResponse>>(`${API}/users/${user._id}`, () => HttpResponse.json({ data: user }));
}

/** `GET /api/orders/{past|coming}/{userId}`: the shopper's orders of that list. */
export function ordersAnswer(list: 'past' | 'coming', userId: string, orders: ShopperOrder[]): HttpHandler {
  return http.get<never, never, Answer<OrdersResponse>>(`${API}/orders/${list}/${userId}`, () => HttpResponse.json({ allOrders: orders }));
}

/** `GET /api/orders/{id}` of `order`. */
export function orderAnswer(order: ShopperOrder): HttpHandler {
  return http.get<never, never, Answer<OrderResponse>>(`${API}/orders/${order._id}`, () => HttpResponse.json({ order: [order] }));
}
