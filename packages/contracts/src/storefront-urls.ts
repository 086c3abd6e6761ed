/**
 * The storefront's addresses, which its links and the API's sitemaps, mail, redirects and card
 * page use: built here once, so a route renamed in the storefront is renamed everywhere (spec
 * section 2 names the routes). Paths start with `/`; `absoluteUrl` puts the shop's origin before one.
 */
export const storefrontPaths = {
  /** A product's page. */
  product: (productId: string) => `/details/${encodeURIComponent(productId)}`,
  /**
   * The department page of a category by its name (the key, `Category.name` or
   * `Product.category`): `/{name}`, e.g. `/Patio&Garden` (`&` is a valid path character; routes
   * match case-insensitively, so `/Fashion` opens the `/fashion` page).
   */
  category: (name: string) => `/${name.replace(/[?#%/\s]/g, encodeURIComponent)}`,
  /** A department's page (`DEPARTMENT_PATHS`) filtered to one subcategory: `/electronics?subcategory=electronics-tablets`. */
  subcategory: (departmentPath: string, subcategory: string) => `${departmentPath}?subcategory=${encodeURIComponent(subcategory)}`,
  /** The search results for `query`. */
  search: (query: string) => `/search?q=${encodeURIComponent(query)}`,
  /** A shopper's order page. */
  order: (orderId: string) => `/Order/${encodeURIComponent(orderId)}`,
  /** Where a paid (or cancelled) checkout lands. */
  checkoutSuccess: (orderId: string) => `/checkoutSuccess?order=${encodeURIComponent(orderId)}`,
  /** The checkout, where a cancelled payment returns. */
  checkout: () => '/checkout',
  /** The password-reset page a mailed link opens. */
  resetPassword: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  /** The sandbox provider's card page of a checkout session. */
  pay: (sessionId: string) => `/pay/${encodeURIComponent(sessionId)}`,
} as const;

/** `path` (from `storefrontPaths`) under the shop's public origin, e.g. `https://shop.example/Order/…`. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}
