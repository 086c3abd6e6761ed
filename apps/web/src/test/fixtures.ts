import type { Category, Product, ProductPageResponse } from '@dukkan/contracts/catalog';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function category(slug: string, name = slug, n = 1): Category {
  return { _id: id(1000 + n), name, slug, image: `/images/categories/${slug}.svg` };
}

export function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: id(n),
    title: `Product ${n}`,
    description: `Description of product ${n}`,
    price: 10 + n + 0.5,
    thumbnail: `/images/products/p${n}/0.svg`,
    images: [`/images/products/p${n}/0.svg`],
    category: 'Grocery',
    categoryName: 'Grocery',
    subcategory: 'snacks',
    brand: 'Acme',
    quantity: 5,
    rating: 4.2,
    reviewCount: 12,
    ...overrides,
  };
}

/** One page of `total` numbered products, as the API pages them. */
export function productPage(page: number, pageSize: number, total: number, make = (n: number) => product(n)): ProductPageResponse {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const data = [];
  for (let n = first; n <= last; n += 1) data.push(make(n));
  return { data, page, pageSize, total };
}
