import { type ReactNode, StrictMode, Suspense, useEffect } from 'react';

import { HydrationCommitted, HydrationProvider, useHydrated } from '../lib/use-hydrated';
import { RenderDayProvider } from '../lib/use-today';

import { AppProviders } from './providers';
import type { AppStore } from './store';

/** The attribute `<html>` carries once the page is live: hydrated (or rendered) and answering clicks. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Marks the document once React has taken it over and the session's parts are shown (the render
 * after hydration); tests and tools wait for it.
 */
function HydrationMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
  }, [hydrated]);
  return null;
}

/**
 * The root of the shop around its router, the same on the server (ssr/entry-server.tsx) and in
 * the browser (main.tsx): one tree on both sides, so React's generated ids (`useId`) match when
 * the page hydrates. `renderDay` is the server's calendar day (lib/use-today.tsx);
 * `serverRendered` says the markup is (or was) the server's, so what depends on the session
 * waits for hydration (lib/use-hydrated.tsx).
 */
export function AppShell({ store, renderDay, serverRendered, children }: { store: AppStore; renderDay: string | undefined; serverRendered: boolean; children: ReactNode }) {
  return (
    <StrictMode>
      <HydrationProvider serverRendered={serverRendered}>
        <RenderDayProvider day={renderDay}>
          {/* Translations load before the first paint; nothing is shown until the common texts are there. */}
          <Suspense fallback={null}>
            <AppProviders store={store}>{children}</AppProviders>
            <HydrationCommitted />
          </Suspense>
          <HydrationMark />
        </RenderDayProvider>
      </HydrationProvider>
    </StrictMode>
  );
}
