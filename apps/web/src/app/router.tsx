import { type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { MinimalLayout } from '../components/layout/minimal-layout';
import { NotFoundPage } from '../components/not-found-page';
import { PageFallback } from '../components/page-fallback';
import { DEPARTMENTS, type Department } from '../features/catalog/departments';

import { MainLayout } from './routes/main-layout';
import { RouteError } from './routes/route-error';

/** A route whose page loads with it: one chunk per page, so the home page pulls no other page. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

function departmentRoute(department: Department): RouteObject {
  return {
    // Route paths match case-insensitively: `/Fashion` (the category's slug) opens `/fashion`.
    path: department.path,
    lazy: async () => {
      const { DepartmentPage } = await import('../features/catalog/department-page');
      return { Component: () => <DepartmentPage department={department} /> };
    },
  };
}

/** The spec's route table (section 2). Unknown routes and route errors show the not-found page. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: MainLayout,
    // The layout itself failed: the not-found page on its own.
    errorElement: <RouteError standalone />,
    HydrateFallback: PageFallback,
    children: [
      {
        // A page failed (render error, or its code could not load): not-found inside the layout.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('./routes/home-page'), (m) => m.HomePage) },
          { path: 'details/:id', lazy: page(() => import('../features/catalog/product-details-page'), (m) => m.ProductDetailsPage) },
          { path: 'payment', lazy: page(() => import('./routes/payment-route'), (m) => m.PaymentRoute) },
          { path: 'termsOfUs', lazy: page(() => import('../features/help/terms-page'), (m) => m.TermsPage) },
          {
            path: 'userprofile',
            lazy: page(() => import('../features/profile/profile-layout'), (m) => m.ProfileLayout),
            children: [
              { index: true, lazy: page(() => import('../features/profile/edit-profile-page'), (m) => m.EditProfilePage) },
              { path: 'address', lazy: page(() => import('../features/profile/address-book-page'), (m) => m.AddressBookPage) },
              { path: 'pastOrders', lazy: page(() => import('../features/orders/past-orders-page'), (m) => m.PastOrdersPage) },
              {
                path: 'upcomingOrders',
                lazy: page(() => import('../features/orders/upcoming-orders-page'), (m) => m.UpcomingOrdersPage),
              },
            ],
          },
          ...DEPARTMENTS.map(departmentRoute),
          { path: 'cart', lazy: page(() => import('../features/cart/cart-page'), (m) => m.CartPage) },
          { path: 'Order/:id', lazy: page(() => import('../features/orders/order-page'), (m) => m.OrderPage) },
          { path: 'checkout', lazy: page(() => import('./routes/checkout-route'), (m) => m.CheckoutRoute) },
          { path: 'search', lazy: page(() => import('../features/search/search-page'), (m) => m.SearchPage) },
          { path: 'wishlist', lazy: page(() => import('../features/wishlist/wishlist-page'), (m) => m.WishlistPage) },
          {
            path: 'checkoutSuccess',
            lazy: page(() => import('../features/checkout/checkout-success-page'), (m) => m.CheckoutSuccessPage),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  {
    // Outside the main layout (the account pages; /forgot-password and /reset-password are
    // beyond the spec's route table, decision 0018).
    Component: MinimalLayout,
    errorElement: <RouteError standalone />,
    HydrateFallback: PageFallback,
    children: [
      { path: '/login', lazy: page(() => import('../features/auth/login-page'), (m) => m.LoginPage) },
      { path: '/register', lazy: page(() => import('../features/auth/register-page'), (m) => m.RegisterPage) },
      {
        path: '/forgot-password',
        lazy: page(() => import('../features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage),
      },
      {
        path: '/reset-password',
        lazy: page(() => import('../features/auth/reset-password-page'), (m) => m.ResetPasswordPage),
      },
      {
        path: '/phoneverification',
        lazy: page(() => import('../features/auth/phone-verification-page'), (m) => m.PhoneVerificationPage),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
