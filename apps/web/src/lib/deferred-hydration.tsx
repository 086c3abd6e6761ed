import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';

import { HydratedValueProvider, useHydrated } from './use-hydrated';

/** The attribute of a deferred section's element: `pending` as served, `done` once it has hydrated. */
export const DEFERRED_ATTRIBUTE = 'data-deferred-hydration';

interface Deferral {
  promise: Promise<void>;
  release: () => void;
  released: boolean;
}

/** Sections waiting to hydrate, by their `useId`, and the order they go in. */
const deferrals = new Map<string, Deferral>();
const queue: Deferral[] = [];
let draining = false;

/** Lets the waiting sections hydrate one per task, in page order, after the current task. */
function drain() {
  if (draining) return;
  draining = true;
  const next = () => {
    const deferral = queue.shift();
    if (!deferral) {
      draining = false;
      return;
    }
    deferral.released = true;
    deferral.release();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

function deferralFor(id: string): Deferral {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  const deferral: Deferral = { promise, release: () => release(), released: false };
  deferrals.set(id, deferral);
  queue.push(deferral);
  drain();
  return deferral;
}

/**
 * The section once it may render: as served (the session's parts hidden, `pending`) until its own
 * hydration has committed, then live. On the server it is as served; rendered in the browser
 * without server markup, live at once.
 */
function DeferredContent({ id, children }: { id: string; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(() => typeof window !== 'undefined' && !deferrals.has(id));
  useEffect(() => {
    if (live) return undefined;
    deferrals.delete(id);
    // Marked before anything changes: the end-to-end tests check the markup until here.
    element.current?.setAttribute(DEFERRED_ATTRIBUTE, 'done');
    // The live render in a task of its own too.
    const timer = setTimeout(() => setLive(true), 0);
    return () => clearTimeout(timer);
  }, [id, live]);
  return (
    <div ref={element} {...{ [DEFERRED_ATTRIBUTE]: live ? 'done' : 'pending' }} style={{ display: 'contents' }}>
      <HydratedValueProvider hydrated={live ? undefined : false}>{children}</HydratedValueProvider>
    </div>
  );
}

/** Suspends while the browser hydrates the page, until the section's turn comes. */
function Deferred({ id, children }: { id: string; children: ReactNode }) {
  const pageHydrated = useHydrated();
  const waiting = deferrals.get(id);
  // Suspense's protocol: a promise is thrown, not an error.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (waiting && !waiting.released) throw waiting.promise;
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!waiting && !pageHydrated && typeof window !== 'undefined') throw deferralFor(id).promise;
  return <DeferredContent id={id}>{children}</DeferredContent>;
}

/**
 * A part of a server-rendered page below the fold, hydrated after the rest, in a task of its own
 * (docs/decisions/0021-preact.md): Preact hydrates a page in one task, and a long one blocks
 * input. While it waits, its server markup stays as it is (Preact and React both keep the markup
 * of a part that suspends while hydrating). It hydrates as the server rendered it (the session's
 * parts still hidden), then turns live. Rendered in the browser (a page opened by a link), it is
 * rendered at once.
 *
 * What it shows of the session must be gated by `useHydrated()` inside it, not passed in already
 * worked out: when it hydrates, the page is live and that data may be there (decision 0022).
 */
export function DeferHydration({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <Suspense fallback={null}>
      <Deferred id={id}>{children}</Deferred>
    </Suspense>
  );
}
