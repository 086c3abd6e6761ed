import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useState } from 'react';

/** Whether the page is live in the browser; without a provider (tests, browser-only trees) it is. */
const HydratedContext = createContext(true);

const MarkHydratedContext = createContext<() => void>(() => {});

/** The attribute `<html>` carries once the server's markup is hydrated, before the live render. */
export const HYDRATION_COMMITTED_ATTRIBUTE = 'data-hydration-committed';

/**
 * Starts `false` where the markup comes from the server (on the server, and in the browser while
 * it hydrates that markup) and turns `true` once the page has hydrated, as `HydrationCommitted`
 * reports. The switch is a transition: what it changes (the signed-in header, the session's
 * pages, today's dates) renders in slices the browser can interrupt, not in one long task right
 * after hydration (TBT).
 */
export function HydrationProvider({ serverRendered, children }: { serverRendered: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!serverRendered);
  const markHydrated = useCallback(() => {
    // Marked (User Timing): a performance trace shows the task that renders the page live.
    performance.mark('dukkan:live');
    startTransition(() => setHydrated(true));
  }, []);
  return (
    <MarkHydratedContext.Provider value={markHydrated}>
      <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>
    </MarkHydratedContext.Provider>
  );
}

/**
 * Placed beside the page, inside the Suspense boundary around it: its effect runs when that
 * boundary has hydrated, not merely the root. A boundary still waiting (its code or texts not yet
 * there) must not see the flag change, or it would render differently from the server's HTML.
 */
export function HydrationCommitted() {
  const markHydrated = useContext(MarkHydratedContext);
  useEffect(() => {
    // Before the render that switches to the live page: up to here the server's markup must be
    // unchanged, as the end-to-end tests check (docs/decisions/0021-preact.md).
    document.documentElement.setAttribute(HYDRATION_COMMITTED_ATTRIBUTE, 'true');
    markHydrated();
  }, [markHydrated]);
  return null;
}

/**
 * `false` on the server and while the browser hydrates a server-rendered page, `true` from the
 * render after that (and always in a page rendered only in the browser). For what the server
 * cannot know or need not send — it must render the same as the server until then.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * Below it, `useHydrated()` is `hydrated` instead of the page's flag, or the page's when it is
 * undefined: a part that hydrates later than the page (lib/deferred-hydration.tsx) first renders
 * as served.
 */
export function HydratedValueProvider({ hydrated, children }: { hydrated: boolean | undefined; children: ReactNode }) {
  const page = useContext(HydratedContext);
  return <HydratedContext.Provider value={hydrated ?? page}>{children}</HydratedContext.Provider>;
}
