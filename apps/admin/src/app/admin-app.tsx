import type { i18n } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { Busy, Layout, RequireRole, RequireSession } from './layout';
import { NotFoundPage } from './not-found-page';
import { adminPaths, adminRoutePatterns } from './paths';
import { Providers } from './providers';
import type { AdminStore } from './store';

const SignInPage = lazy(() => import('../pages/sign-in-page'));
const SetupPage = lazy(() => import('../pages/setup-page'));
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page'));
const ProductsPage = lazy(() => import('../pages/products-page'));
const ProductEditorPage = lazy(() => import('../pages/product-editor-page'));
const PromotionsPage = lazy(() => import('../pages/promotions-page'));
const PromotionEditorPage = lazy(() => import('../pages/promotion-editor-page'));
const PromotionOrdersPage = lazy(() => import('../pages/promotion-orders-page'));
const ImportPage = lazy(() => import('../pages/import-page'));
const StaffPage = lazy(() => import('../pages/staff-page'));
const AccountPage = lazy(() => import('../pages/account-page'));
const DashboardPage = lazy(() => import('../pages/dashboard-page'));
const OrdersPage = lazy(() => import('../pages/orders-page'));
const OrderPage = lazy(() => import('../pages/order-page'));
const CustomersPage = lazy(() => import('../pages/customers-page'));
const CustomerPage = lazy(() => import('../pages/customer-page'));
const AuditPage = lazy(() => import('../pages/audit-page'));
const ReviewsPage = lazy(() => import('../pages/reviews-page'));

/** The screens, under the router's basename `/admin`. */
export const routes: RouteObject[] = [
  { path: adminPaths.signIn(), element: <SignInPage /> },
  { path: adminPaths.setup(), element: <SetupPage /> },
  { path: adminPaths.forgotPassword(), element: <ForgotPasswordPage /> },
  { path: adminPaths.resetPassword(), element: <ResetPasswordPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <Layout />,
        children: [
          // The landing screen of every role (a required two-factor setup first sends to /account).
          { element: <RequireRole screen="dashboard" />, children: [{ index: true, element: <DashboardPage /> }] },
          {
            element: <RequireRole screen="orders" />,
            children: [
              { path: adminPaths.orders(), element: <OrdersPage /> },
              { path: adminRoutePatterns.order, element: <OrderPage /> },
            ],
          },
          {
            element: <RequireRole screen="customers" />,
            children: [
              { path: adminPaths.customers(), element: <CustomersPage /> },
              { path: adminRoutePatterns.customer, element: <CustomerPage /> },
            ],
          },
          { element: <RequireRole screen="reviews" />, children: [{ path: adminPaths.reviews(), element: <ReviewsPage /> }] },
          { element: <RequireRole screen="audit" />, children: [{ path: adminPaths.audit(), element: <AuditPage /> }] },
          {
            element: <RequireRole screen="products" />,
            children: [
              { path: adminPaths.products(), element: <ProductsPage /> },
              { path: adminPaths.newProduct(), element: <ProductEditorPage key="new" /> },
              { path: adminRoutePatterns.product, element: <ProductEditorPage /> },
            ],
          },
          {
            element: <RequireRole screen="promotions" />,
            children: [
              { path: adminPaths.promotions(), element: <PromotionsPage /> },
              { path: adminPaths.newPromotion(), element: <PromotionEditorPage key="new" /> },
              { path: adminRoutePatterns.promotion, element: <PromotionEditorPage /> },
              { path: adminRoutePatterns.promotionOrders, element: <PromotionOrdersPage /> },
            ],
          },
          { element: <RequireRole screen="import" />, children: [{ path: adminPaths.import(), element: <ImportPage /> }] },
          { element: <RequireRole screen="staff" />, children: [{ path: adminPaths.staff(), element: <StaffPage /> }] },
          { path: adminPaths.account(), element: <AccountPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const BASENAME = '/admin';

/**
 * The back office. In the browser the router reads the address bar; a test gives `initialPath`
 * (e.g. `/admin/products`) and gets a memory router.
 */
export function AdminApp({ store, i18n: instance, initialPath }: { store: AdminStore; i18n: i18n; initialPath?: string }) {
  const [router] = useState(() =>
    initialPath === undefined ? createBrowserRouter(routes, { basename: BASENAME }) : createMemoryRouter(routes, { basename: BASENAME, initialEntries: [initialPath] }),
  );
  return (
    <Providers store={store} i18n={instance}>
      <Suspense fallback={<Busy />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  );
}
