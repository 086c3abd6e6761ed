import type { ReactNode } from 'react';

import { PageFallback } from '../components/page-fallback';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A page that depends on who is signed in (cart, wishlist, account, checkout, sign-in): the token
 * lives in the browser's storage, so the server renders the page's frame with this loading state
 * in its place, and the page itself appears once the browser has hydrated it.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  return useHydrated() ? children : <PageFallback />;
}
