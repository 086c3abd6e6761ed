import type { Staff, StaffSessionResponse } from '@dukkan/contracts/admin-staff';
import type { Category, CategoryListResponse, SubcategoryPageResponse } from '@dukkan/contracts/catalog';
import type { ErrorResponse } from '@dukkan/contracts/common';
import type { ErrorCode } from '@dukkan/contracts/errors';
import { http, HttpResponse, type DefaultBodyType, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The back office's tests answer its requests with MSW (msw/node): the defaults below, and the
 * handlers each test adds in front of them (harness.ts, `stubApi`). A handler names what its
 * endpoint answers by the contracts' types, so a fixture that drifts from the API's shape does
 * not compile: `http.get<never, never, Answer<AdminOrderResponse>>(…)`.
 */

/** What a handler of an endpoint answering `Body` may answer: that, or the API's error (both the contracts' shapes). */
export type Answer<Body extends DefaultBodyType> = Body | ErrorResponse;

/** The API's error answer: a code it gives, and on a 400 that refuses one input, that input's JSON path. */
export function failure(status: number, code: ErrorCode, message: string, field?: string): HttpResponse<ErrorResponse> {
  return HttpResponse.json({ message, code, ...(field === undefined ? {} : { field }) }, { status });
}

/** An answer without a body (a 204). */
export function noContent(): HttpResponse<null> {
  return new HttpResponse(null, { status: 204 });
}

export const OWNER: Staff = { _id: 's1', email: 'owner@dukkan.test', name: 'Olive Owner', role: 'owner' };

export const CATEGORIES: Category[] = [
  { _id: 'c1', name: 'electronics', label: 'Electronics', image: '' },
  { _id: 'c2', name: 'Grocery', label: 'Grocery', image: '' },
];

/** A signed-in session of `staff` (`twoFactorSetupRequired` when the owner requires two-factor of them first). */
export function sessionOf(staff: Staff, twoFactorSetupRequired?: true): HttpHandler {
  return http.get<never, never, Answer<StaffSessionResponse>>('/api/admin/session', () =>
    HttpResponse.json({ data: { staff, ...(twoFactorSetupRequired ? { twoFactorSetupRequired } : {}) } }),
  );
}

/** No session: the API's 401, so every screen sends to sign-in. */
export const SIGNED_OUT = http.get<never, never, Answer<StaffSessionResponse>>('/api/admin/session', () => failure(401, 'UNAUTHORIZED', 'Sign in first'));

/** What every test starts from: a signed-in owner, the departments, no subcategories; anything else under /api is a 404. */
export const server = setupServer(
  sessionOf(OWNER),
  http.get<never, never, Answer<CategoryListResponse>>('/api/categories/', () => HttpResponse.json({ data: CATEGORIES })),
  http.get<never, never, Answer<SubcategoryPageResponse>>('/api/subcategories', () => HttpResponse.json({ data: [], page: 1, pageSize: 100, total: 0 })),
  http.all('/api/*', ({ request }) => failure(404, 'NOT_FOUND', `Not found: ${request.method} ${new URL(request.url).pathname}`)),
);
