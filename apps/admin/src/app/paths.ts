/**
 * The back office's own screens, under the router's basename `/admin`: every link, redirect and
 * route of apps/admin builds its path here, so a screen renamed is renamed everywhere. Ids are
 * URL-encoded. A list takes the search it was left with (`?status=Shipped`, or ''), so a screen
 * opened from it leads back to the same page of the list. The storefront's pages come from the
 * contracts' `storefrontPaths`.
 */
export const adminPaths = {
  /** Where every role lands after sign-in (issue #21). */
  dashboard: () => '/',
  signIn: () => '/sign-in',
  setup: () => '/setup',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  orders: (search = '') => `/orders${search}`,
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  customers: () => '/customers',
  customer: (id: string) => `/customers/${encodeURIComponent(id)}`,
  products: (search = '') => `/products${search}`,
  newProduct: () => '/products/new',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  promotions: (search = '') => `/promotions${search}`,
  newPromotion: () => '/promotions/new',
  promotion: (id: string) => `/promotions/${encodeURIComponent(id)}`,
  promotionOrders: (id: string) => `/promotions/${encodeURIComponent(id)}/orders`,
  /** The reviews of a status (pending, the queue, by default), and of one product (`?status=&product=&page=`). */
  reviews: (search = '') => `/reviews${search}`,
  import: () => '/import',
  staff: () => '/staff',
  audit: () => '/audit',
  account: () => '/account',
} as const;

/** The router's patterns of the screens that take an id, which `adminPaths` fills in. */
export const adminRoutePatterns = {
  order: `${adminPaths.orders()}/:id`,
  customer: `${adminPaths.customers()}/:id`,
  product: `${adminPaths.products()}/:id`,
  promotion: `${adminPaths.promotions()}/:id`,
  promotionOrders: `${adminPaths.promotions()}/:id/orders`,
} as const;
