import type { AisleFacets, AislePageResponse } from '@dukkan/contracts/aisle';
import type { Category, Product } from '@dukkan/contracts/catalog';
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
