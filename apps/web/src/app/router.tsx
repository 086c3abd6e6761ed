import i18next from 'i18next';
import { type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';

import { MinimalLayout } from '../components/layout/minimal-layout';
import { NotFoundPage } from '../components/not-found-page';
import { PageFallback } from '../components/page-fallback';
import { DEPARTMENTS, type Department } from '../features/catalog/departments';

import type { RouteHandle } from './route-handle';
import { MainLayout } from './routes/main-layout';
import { RouteError } from './routes/route-error';
import { SessionGate } from './session-gate';

/** A route whose page loads with it: one chunk per page, so the home page pulls no other page. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A public page that speaks a namespace beyond the first ones ('reviews' on a product page): its
 * texts load with its code, as a session page's do (`loadSessionTexts`), so it never suspends
 * for them. A page the server rendered brings them in its hand-over.
 */
function pageWithTexts<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: readonly string[]) {
  return async () => {
    const [module] = await Promise.all([load(), loadSessionTexts(namespaces)]);
    return { Component: pick(module) };
  };
}

/** MUI's theme and style cache, which the pages drawn with MUI load with their code (decision 0044). */
const loadMuiScope = () => import('../components/mui/mui-scope');

/**
 * The namespaces the session's pages speak (besides 'common'); the server hands them over with
 * the loading state of such a page (ssr/entry-server.tsx), so they need no request of their own.
 */
export const SESSION_NAMESPACES = ['account', 'shopping'];

/**
 * In the browser, a session page's texts load with its code: the page then never suspends for them
 * as it replaces the server's loading state after hydration. Under Preact (decision 0021) a page
 * suspending there could be put inside that loading state's markup. The server renders these
 * pages as the loading state and needs none of them.
 */
async function loadSessionTexts(namespaces: readonly string[] = SESSION_NAMESPACES): Promise<void> {
  if (typeof window !== 'undefined') await i18next.loadNamespaces([...namespaces]);
}

/**
 * A page that depends on who is signed in (the token lives in the browser's storage): the server
 * renders the layout around a loading state, and the page appears after hydration (SessionGate).
 * These pages (forms, lists, the checkout) are drawn with MUI: they load its theme with their code.
 */
function sessionPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: readonly string[] = SESSION_NAMESPACES) {
  return async () => {
    const [module, { MuiScope }] = await Promise.all([load(), loadMuiScope(), loadSessionTexts(namespaces)]);
    const Page = pick(module);
    return {
      Component: function GatedPage() {
        return (
          <MuiScope>
            <SessionGate>
              <Page />
            </SessionGate>
          </MuiScope>
        );
      },
    };
  };
}

/**
 * A session's page that draws its own state while it does not know the session's data yet (the
 * cart: its heading under the loading overlay, decision 0042). It needs no gate: the server
 * renders that state (its route says `rendering: 'server'`, so the page's scripts come after its
 * first paint, and its texts, `namespaces`, come with the page).
 */
function sessionPageWithOwnLoadingState<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: readonly string[]) {
  return async () => {
    const [module] = await Promise.all([load(), loadSessionTexts(namespaces)]);
    return { Component: pick(module) };
  };
}

function departmentRoute(department: Department): RouteObject {
  return {
    // Route paths match case-insensitively: `/Fashion` (the category's slug) opens `/fashion`.
    path: department.path,
    lazy: async () => {
      const { DepartmentPage } = await import('../features/catalog/department-page');
      return { Component: () => <DepartmentPage department={department} /> };
    },
    handle: import.meta.env.SSR
      ? ({
          rendering: 'server',
          assets: 'src/features/catalog/department-page.tsx',
          server: async () => (await import('../ssr/pages/department')).departmentPage(department),
        } satisfies RouteHandle)
      : undefined,
  };
}

/**
 * The spec's route table (section 2). Unknown routes and route errors show the not-found page.
 * A page's route carries what the server must know of it in its `handle` (app/route-handle.ts):
 * whether the server renders its content, its page module (to preload), and a public page's server
 * part under ssr/pages/ (data to prefetch, head, status). Handles exist on the server only
 * (`import.meta.env.SSR`): the browser's build drops them with their imports.
 */
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
          {
            index: true,
            lazy: page(() => import('./routes/home-page'), (m) => m.HomePage),
            handle: import.meta.env.SSR
              ? ({ rendering: 'server', assets: 'src/app/routes/home-page.tsx', server: () => import('../ssr/pages/home') } satisfies RouteHandle)
              : undefined,
          },
          {
            path: 'details/:id',
            lazy: pageWithTexts(() => import('./routes/product-route'), (m) => m.ProductRoute, ['reviews']),
            handle: import.meta.env.SSR
              ? ({
                  rendering: 'server',
                  assets: 'src/app/routes/product-route.tsx',
                  server: () => import('../ssr/pages/product'),
                } satisfies RouteHandle)
              : undefined,
          },
          { path: 'payment', lazy: sessionPage(() => import('./routes/payment-route'), (m) => m.PaymentRoute) },
          {
            path: 'termsOfUs',
            lazy: page(() => import('../features/help/terms-page'), (m) => m.TermsPage),
            handle: import.meta.env.SSR
              ? ({ rendering: 'server', assets: 'src/features/help/terms-page.tsx', server: () => import('../ssr/pages/terms') } satisfies RouteHandle)
              : undefined,
          },
          {
            path: 'userprofile',
            lazy: sessionPage(() => import('../features/profile/profile-layout'), (m) => m.ProfileLayout),
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
          {
            path: 'cart',
            lazy: sessionPageWithOwnLoadingState(() => import('../features/cart/cart-page'), (m) => m.CartPage, ['shopping']),
            handle: import.meta.env.SSR
              ? ({ rendering: 'server', assets: 'src/features/cart/cart-page.tsx', server: () => import('../ssr/pages/cart') } satisfies RouteHandle)
              : undefined,
          },
          { path: 'Order/:id', lazy: sessionPage(() => import('./routes/order-route'), (m) => m.OrderRoute, [...SESSION_NAMESPACES, 'reviews']) },
          {
            path: 'checkout',
            lazy: sessionPage(() => import('./routes/checkout-route'), (m) => m.CheckoutRoute),
            handle: import.meta.env.SSR ? ({ rendering: 'browser', assets: 'src/app/routes/checkout-route.tsx' } satisfies RouteHandle) : undefined,
          },
          {
            path: 'search',
            lazy: page(() => import('../features/search/search-page'), (m) => m.SearchPage),
            handle: import.meta.env.SSR
              ? ({ rendering: 'server', assets: 'src/features/search/search-page.tsx', server: () => import('../ssr/pages/search') } satisfies RouteHandle)
              : undefined,
          },
          {
            path: 'wishlist',
            lazy: sessionPage(() => import('../features/wishlist/wishlist-page'), (m) => m.WishlistPage),
            handle: import.meta.env.SSR ? ({ rendering: 'browser', assets: 'src/features/wishlist/wishlist-page.tsx' } satisfies RouteHandle) : undefined,
          },
          {
            path: 'checkoutSuccess',
            lazy: sessionPage(() => import('../features/checkout/checkout-success-page'), (m) => m.CheckoutSuccessPage),
          },
          {
            path: '*',
            Component: NotFoundPage,
            handle: import.meta.env.SSR ? ({ rendering: 'server', server: () => import('../ssr/pages/not-found') } satisfies RouteHandle) : undefined,
          },
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
      { path: '/login', lazy: sessionPage(() => import('../features/auth/login-page'), (m) => m.LoginPage) },
      { path: '/register', lazy: sessionPage(() => import('../features/auth/register-page'), (m) => m.RegisterPage) },
      {
        path: '/forgot-password',
        lazy: sessionPage(() => import('../features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage),
      },
      {
        path: '/reset-password',
        lazy: sessionPage(() => import('../features/auth/reset-password-page'), (m) => m.ResetPasswordPage),
      },
      {
        path: '/phoneverification',
        lazy: sessionPage(() => import('../features/auth/phone-verification-page'), (m) => m.PhoneVerificationPage),
      },
    ],
  },
];

/** Whether the app renders `pathname` itself: a route other than the catch-all not-found page. */
export function isAppRoute(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return matches !== null && matches[matches.length - 1]?.route.path !== '*';
}

/**
 * The browser's router. On a server-rendered page, the lazy routes the URL matches are loaded
 * first (React Router's way for lazy routes with SSR), so the first render is the server's page,
 * not the hydration fallback.
 */
export async function createAppRouter() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (match) => {
      const lazy = match.route.lazy;
      if (typeof lazy !== 'function') return;
      const loaded = await lazy();
      Object.assign(match.route, { ...loaded, lazy: undefined });
    }),
  );
  numberHistoryEntry();
  // The router in a task of its own, after the history entry's numbering (decision 0027).
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return createBrowserRouter(routes);
}

/**
 * Numbers the page's history entry as React Router's browser history does when it is made
 * (`history.state.idx`, 0 for an entry it has not seen): `history.replaceState` takes a few
 * milliseconds of the main thread on a fresh page, which would otherwise lengthen the router's
 * own start-up task. The router then finds the entry numbered and leaves it as it is.
 */
export function numberHistoryEntry() {
  const state: unknown = window.history.state;
  const numbered = typeof state === 'object' && state !== null && 'idx' in state && state.idx != null;
  if (!numbered) window.history.replaceState({ ...(typeof state === 'object' ? state : null), idx: 0 }, '');
}
