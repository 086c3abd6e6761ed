import type { AisleFacets, AislePageResponse } from '@dukkan/contracts/aisle';
import type { Category, Product } from '@dukkan/contracts/catalog';
import { REVIEW_PAGE_SIZE, type OwnReview, type Review, type ReviewHistogram, type ReviewPageResponse } from '@dukkan/contracts/reviews';
import type { User } from '@dukkan/contracts/users';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A department as `GET /api/categories/` answers it: `name` is the key, `label` the text shown. */
export function category(name: string, label = name, n = 1): Category {
  return { _id: id(1000 + n), name, label, image: `/images/categories/${name}.svg` };
}

export function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: id(n),
    title: `Product ${n}`,
    description: `Description of product ${n}`,
    price: 10 + n + 0.5,
    listPrice: null,
    thumbnail: `/images/products/p${n}/0.svg`,
    images: [`/images/products/p${n}/0.svg`],
    category: 'Grocery',
    categoryLabel: 'Grocery',
    subcategory: 'snacks',
    brand: 'Acme',
    quantity: 5,
    rating: 4.2,
    reviewCount: 12,
    ...overrides,
  };
}

/** An aisle's filter counts (issue #34): none listed unless given. */
export function aisleFacets(overrides: Partial<AisleFacets> = {}): AisleFacets {
  return {
    brand: [],
    subcategory: [],
    rating: [4, 3, 2, 1].map((value) => ({ value, count: 0 })),
    price: { min: null, max: null },
    inStock: 0,
    onSale: 0,
    ...overrides,
  };
}

/** One page of `total` numbered products, as the API pages them, with the aisle's counts. */
export function productPage(page: number, pageSize: number, total: number, make = (n: number) => product(n), facets = aisleFacets()): AislePageResponse {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const data = [];
  for (let n = first; n <= last; n += 1) data.push(make(n));
  return { data, page, pageSize, total, facets };
}

/** An unsigned token with the given payload: the client only decodes it (spec section 6). */
export function tokenFor(payload: { id: string; name: string }): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...payload, tv: 0 })}.signature`;
}

export const SHOPPER_ID = id(9001);

/** A shopper as `GET /api/users/{id}` answers them. */
export function shopper(overrides: Partial<User> = {}): User {
  return { _id: SHOPPER_ID, name: 'Mona Adel', email: 'mona@example.com', marketingEmails: true, addressBook: [], ...overrides };
}

/** Signs the next store in as `shopper()` (the token the store reads from local storage at start). */
export function signInShopper(name = 'Mona Adel'): string {
  const token = tokenFor({ id: SHOPPER_ID, name });
  window.localStorage.setItem('token', token);
  return token;
}

/** An approved review as `GET /api/product/{id}/reviews` answers it: 4 stars, in English, by Layla H. */
export function review(n: number, overrides: Partial<Review> = {}): Review {
  return {
    _id: id(3000 + n),
    rating: 4,
    title: `Review ${n}`,
    body: `What shopper ${n} thought of it.`,
    author: 'Layla H.',
    language: 'en',
    verified: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A page of `reviews` with the summary of `all` of them (the page's by default): the average with
 * one decimal, the count and the histogram, as the API works them out.
 */
export function reviewPage(reviews: Review[], { page = 1, all = reviews, total = all.length }: { page?: number; all?: Pick<Review, 'rating'>[]; total?: number } = {}): ReviewPageResponse {
  const histogram: ReviewHistogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const { rating } of all) histogram[rating as keyof ReviewHistogram] += 1;
  const sum = all.reduce((total, { rating }) => total + rating, 0);
  const average = all.length === 0 ? 0 : Math.round((sum / all.length) * 10) / 10;
  return { data: reviews, page, pageSize: REVIEW_PAGE_SIZE, total, summary: { average, count: all.length, histogram } };
}

/** The shopper's own review of `productId` as `GET …/reviews/mine` answers it: pending unless said otherwise. */
export function ownReview(productId: string, overrides: Partial<OwnReview> = {}): OwnReview {
  return {
    ...review(1),
    product: productId,
    status: 'pending',
    rejectReason: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
