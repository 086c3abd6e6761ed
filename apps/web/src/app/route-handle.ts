import type { ServerPage } from '../ssr/server-page';

/**
 * What a route tells the server about its page, in React Router's `handle` (app/router.tsx): the
 * route is the one place that knows it. The server entry reads the matched routes' handles
 * (ssr/route-handles.ts). The browser needs none of it: routes give a handle only where
 * `import.meta.env.SSR` (a constant Vite replaces), so the browser's build carries neither these
 * paths nor the imports of ssr/pages/.
 */
export interface RouteHandle {
  /**
   * Who renders the page's content: `server`, with its data (a public page), or `browser`, which
   * the server leaves a loading state for (a session's page, behind SessionGate). The deepest
   * matched route that says wins; none says: `browser`.
   */
  rendering?: 'server' | 'browser';
  /**
   * The page module whose chunks and CSS the server preloads (ssr/route-assets.ts), the one the
   * route's `lazy` imports, as Vite's manifest names it: `src/features/cart/cart-page.tsx`
   * (app/router.test.tsx checks that the two name the same file).
   */
  assets?: string;
  /** The page's server part (ssr/pages/): the data to fetch before the first render, its head and status. */
  server?: () => Promise<ServerPage>;
}

/** The handle of a route, as app/router.tsx gives it (React Router types it `any`). */
export function handleOf(route: { handle?: unknown }): RouteHandle | undefined {
  return route.handle as RouteHandle | undefined;
}
