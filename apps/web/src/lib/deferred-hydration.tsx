import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';

import { EARLY_EVENT, EARLY_EVENTS_GLOBAL, type EarlyEvents } from './early-events';
import { HydratedValueProvider, useHydrated } from './use-hydrated';

/**
 * The attribute of a deferred part's element: `pending` as served, `done` once its markup has
 * hydrated (still rendered as served), `live` once it renders live and answers presses.
 */
export const DEFERRED_ATTRIBUTE = 'data-deferred-hydration';
/** The attribute naming a deferred part (its `useId`, the same on the server and in the browser). */
export const PART_ATTRIBUTE = 'data-part';

/**
 * How far outside the viewport a part starts to hydrate: far enough that a part scrolled to is
 * usually live by the time it is on screen.
 */
export const VISIBLE_MARGIN = '300px 200px';

interface Deferral {
  id: string;
  promise: Promise<void>;
  release: () => void;
  released: boolean;
  queued: boolean;
  /** The part's server markup, when it was found. */
  element: Element | null;
}

/** Parts of the page being hydrated that wait for their turn, by id. */
const deferrals = new Map<string, Deferral>();
/** Parts to hydrate next, one per task: those the shopper touched first, then those in view. */
const queue: Deferral[] = [];
let draining = false;
let observer: IntersectionObserver | undefined;
/** The observed elements (a part's element children: the part itself is `display: contents`). */
const observed = new Map<Element, Deferral>();
let listening = false;

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

function stopObserving(deferral: Deferral) {
  for (const [element, owner] of observed) {
    if (owner !== deferral) continue;
    observer?.unobserve(element);
    observed.delete(element);
  }
}

/** Queues a part to hydrate: at the front when the shopper touched it. */
function schedule(deferral: Deferral, touched: boolean) {
  if (deferral.released) return;
  stopObserving(deferral);
  if (deferral.queued) {
    if (!touched) return;
    queue.splice(queue.indexOf(deferral), 1);
  }
  deferral.queued = true;
  if (touched) queue.unshift(deferral);
  else queue.push(deferral);
  drain();
}

/** The waiting parts around `target`, outermost last (only the outermost of nested parts is registered). */
function pendingPartsAround(target: EventTarget | null): Deferral[] {
  const found: Deferral[] = [];
  let element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  while (element) {
    const part = element.closest(`[${PART_ATTRIBUTE}]`);
    if (!part) break;
    const deferral = deferrals.get(part.getAttribute(PART_ATTRIBUTE) ?? '');
    if (deferral && !deferral.released) found.push(deferral);
    element = part.parentElement;
  }
  return found;
}

/** A press, a pointer or the focus in a waiting part: it hydrates next. */
function touch(target: EventTarget | null) {
  for (const deferral of pendingPartsAround(target)) schedule(deferral, true);
}

function listenForTouches() {
  if (listening) return;
  listening = true;
  // The press itself is held by the early-event script and replayed once the part is live.
  window.addEventListener(EARLY_EVENT, (event) => touch((event as CustomEvent<Element>).detail));
  // A finger or pointer going down, or the keyboard's focus arriving, comes before the press.
  document.addEventListener('pointerdown', (event) => touch(event.target), { capture: true, passive: true });
  document.addEventListener('focusin', (event) => touch(event.target), { capture: true });
}

function observe(deferral: Deferral, element: Element) {
  if (typeof IntersectionObserver === 'undefined') {
    schedule(deferral, false);
    return;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const owner = observed.get(entry.target);
        if (owner && entry.isIntersecting) schedule(owner, false);
      }
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  const children = [...element.children];
  if (children.length === 0) {
    schedule(deferral, false);
    return;
  }
  for (const child of children) {
    observed.set(child, deferral);
    observer.observe(child);
  }
}

function deferralFor(id: string): Deferral {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  const element = document.querySelector(`[${PART_ATTRIBUTE}="${CSS.escape(id)}"]`);
  const deferral: Deferral = { id, promise, release: () => release(), released: false, queued: false, element };
  deferrals.set(id, deferral);
  listenForTouches();
  const early = (window as unknown as Partial<Record<string, EarlyEvents>>)[EARLY_EVENTS_GLOBAL];
  if (!element) schedule(deferral, false);
  else if (early?.waitsIn(element) || element.contains(document.activeElement)) schedule(deferral, true);
  else observe(deferral, element);
  return deferral;
}

/**
 * The part once it may render: as served (the session's parts hidden, `pending`) until its own
 * hydration has committed, then live. On the server it is as served; rendered in the browser
 * without server markup, live at once.
 */
function DeferredContent({ id, children }: { id: string; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(() => typeof window !== 'undefined' && !deferrals.has(id));
  useEffect(() => {
    if (live) {
      // Presses held on it (lib/early-events.ts) are replayed once this is set.
      element.current?.setAttribute(DEFERRED_ATTRIBUTE, 'live');
      return undefined;
    }
    deferrals.delete(id);
    // Marked before anything changes: the end-to-end tests check the markup until here.
    element.current?.setAttribute(DEFERRED_ATTRIBUTE, 'done');
    // The live render in a task of its own too.
    const timer = setTimeout(() => setLive(true), 0);
    return () => clearTimeout(timer);
  }, [id, live]);
  return (
    <div ref={element} {...{ [DEFERRED_ATTRIBUTE]: live ? 'live' : 'pending', [PART_ATTRIBUTE]: id }} style={{ display: 'contents' }}>
      <HydratedValueProvider hydrated={live ? undefined : false}>{children}</HydratedValueProvider>
    </div>
  );
}

/** Suspends while the browser hydrates the page, until the part's turn comes. */
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
 * A part of a server-rendered page that hydrates on its own, when it comes near the viewport or
 * the shopper touches it (a press, a pointer going down, the keyboard's focus), one part per task
 * (docs/decisions/0023-no-lost-interaction.md): the page answers input at once, and a part that
 * is never seen costs nothing. Until then its server markup stays as it is (Preact and React
 * both keep the markup of a part that suspends while hydrating); a press on it is held by the
 * early-event script and replayed once it is live. It hydrates as the server rendered it (the
 * session's parts still hidden), then turns live. Rendered in the browser (a page opened by a
 * link), it is rendered at once.
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
