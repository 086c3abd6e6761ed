import { type ReactNode, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, version } from 'react';

import { EARLY_EVENT, EARLY_EVENTS_GLOBAL, type EarlyEvents } from './early-events';
import { takeTurn } from './next-turn';
import { HydratedValueProvider, useHydrated } from './use-hydrated';

/**
 * The attribute of a deferred part's element: `pending` as served, `done` once its markup has
 * hydrated (still rendered as served), `live` once it renders live and answers presses.
 */
export const DEFERRED_ATTRIBUTE = 'data-deferred-hydration';
/** The attribute of the one element a part's content is wrapped in, inside its Suspense boundary. */
const CONTENT_ATTRIBUTE = 'data-deferred-content';

/**
 * How far outside the viewport a part starts to hydrate: none above or below, so a part just
 * under a phone's first screen (/Grocery's deals slider) does not hydrate, and start its slider,
 * during the page's start-up (issue #34, docs/benchmarks.md); a press on it before it is live is
 * held and replayed (decision 0024). Sideways 200 px: a slider's next slides are live before they
 * move in.
 */
export const VISIBLE_MARGIN = '0px 200px';

/**
 * Whether parts wait to be seen or touched. Under Preact (the built shop, decision 0021) a part
 * waiting to hydrate keeps its server markup whatever renders around it. React (`npm run dev`,
 * the unit tests) cannot wait long: an update that reaches a part it has not hydrated makes a
 * transition wait for that part, or throws the part's markup away. Under React every part
 * hydrates in turn right after the page, as `eager` ones do. (Preact's compatibility layer
 * reports React 18.)
 */
export const PARTS_WAIT_FOR_VIEW = !version.startsWith('19.');

/** Rendering on the server (the server entry, or a test rendering as the server does). */
const onServer = () => import.meta.env.SSR || typeof window === 'undefined';

/**
 * When a part of a server-rendered page hydrates: `visible` when it comes near the viewport (or
 * is touched), `eager` right after the page wherever it is, `touched` only when the shopper
 * touches it (text, pictures and links, which work as served).
 */
export type HydrateWhen = 'visible' | 'eager' | 'touched';

interface Deferral {
  promise: Promise<void>;
  /** Its turn (lib/next-turn.ts): the part hydrates. */
  turn: () => void;
  released: boolean;
  when: HydrateWhen;
  /** The part's element, once the page around it has hydrated. */
  element: Element | null;
}

/**
 * The parts waiting for their turn, by their `DeferHydration` (an object of its own: a part is
 * never mistaken for another, whatever their places in the tree), and by their element.
 */
const byOwner = new WeakMap<object, Deferral>();
const byElement = new WeakMap<Element, Deferral>();
let observer: IntersectionObserver | undefined;
/** The observed elements (a part's element children: the part itself is `display: contents`). */
const observed = new Map<Element, Deferral>();
let listening = false;

function stopObserving(deferral: Deferral) {
  for (const [element, owner] of observed) {
    if (owner !== deferral) continue;
    observer?.unobserve(element);
    observed.delete(element);
  }
}

/**
 * Queues a part to hydrate in a task of its own, in the one queue of start-up work: at the front
 * when the shopper touched it, then those in view.
 */
function schedule(deferral: Deferral, touched: boolean) {
  if (deferral.released) return;
  stopObserving(deferral);
  takeTurn(deferral.turn, { first: touched });
}

/** The waiting parts around `target`, innermost first (a part inside a waiting one is not known yet). */
function pendingPartsAround(target: EventTarget | null): Deferral[] {
  const found: Deferral[] = [];
  let element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  while (element) {
    const part = element.closest(`[${DEFERRED_ATTRIBUTE}]`);
    if (!part) break;
    const deferral = byElement.get(part);
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
  // The elements that have boxes: the part and its content's wrapper are `display: contents`.
  const content = element.firstElementChild?.hasAttribute(CONTENT_ATTRIBUTE) ? element.firstElementChild : element;
  const children = [...content.children];
  if (typeof IntersectionObserver === 'undefined' || children.length === 0) {
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
  for (const child of children) {
    observed.set(child, deferral);
    observer.observe(child);
  }
}

/** A part that waits for its turn, from the render that meets its server markup. */
function register(owner: object, when: HydrateWhen): Deferral {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  const deferral: Deferral = {
    promise,
    turn: () => {
      deferral.released = true;
      // Each part's hydration is marked (User Timing): a performance trace shows which task is which.
      performance.mark('dukkan:part');
      release();
    },
    released: false,
    when,
    element: null,
  };
  byOwner.set(owner, deferral);
  return deferral;
}

/** Its element is known once the page around it has hydrated: it waits from there to be seen or touched. */
function attach(deferral: Deferral, element: Element | null) {
  if (deferral.released || deferral.element) return;
  deferral.element = element;
  listenForTouches();
  if (!element) {
    schedule(deferral, false);
    return;
  }
  byElement.set(element, deferral);
  const early = (window as unknown as Partial<Record<string, EarlyEvents>>)[EARLY_EVENTS_GLOBAL];
  if (early?.waitsIn(element) || element.contains(document.activeElement)) schedule(deferral, true);
  else if (deferral.when === 'eager' || !PARTS_WAIT_FOR_VIEW) schedule(deferral, false);
  else if (deferral.when === 'visible') observe(deferral, element);
}

/**
 * Once its markup has hydrated (as served), the part says so, then turns live in a task of its
 * own. Its content is one element (`display: contents`): Preact resumes a boundary that suspended
 * while hydrating at one element, and a part of several (the header's wish-list and cart links)
 * would lose the others' markup.
 */
function HydratedContent({ served, onHydrated, onLive, children }: { served: boolean; onHydrated: () => void; onLive: () => void; children: ReactNode }) {
  useEffect(() => {
    if (!served) return undefined;
    onHydrated();
    const timer = setTimeout(onLive, 0);
    return () => clearTimeout(timer);
  }, [served, onHydrated, onLive]);
  return (
    <div {...{ [CONTENT_ATTRIBUTE]: '' }} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

interface DeferredProps {
  owner: object;
  /** Whether this part's markup is the server's, to be hydrated in its turn. */
  waits: boolean;
  when: HydrateWhen;
  onHydrated: () => void;
  onLive: () => void;
  children: ReactNode;
}

/** Suspends while the browser hydrates the page, until the part's turn comes. */
function Deferred({ owner, waits, when, onHydrated, onLive, children }: DeferredProps) {
  const waiting = byOwner.get(owner);
  // Suspense's protocol: a promise is thrown, not an error.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (waiting && !waiting.released) throw waiting.promise;
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!waiting && waits) throw register(owner, when).promise;
  return (
    <HydratedContent served={waits} onHydrated={onHydrated} onLive={onLive}>
      {children}
    </HydratedContent>
  );
}

/**
 * A part of a server-rendered page that hydrates on its own, when it comes near the viewport or
 * the shopper touches it (a press, a pointer going down, the keyboard's focus), one part per task
 * (docs/decisions/0024-no-lost-interaction.md): the page answers input at once, and a part that
 * is never seen costs nothing. Until then its server markup stays as it is (Preact and React
 * both keep the markup of a part that suspends while hydrating); a press on it is held by the
 * early-event script and replayed once it is live. It hydrates as the server rendered it (the
 * session's parts still hidden), then turns live. Rendered in the browser (a page opened by a
 * link), it is rendered at once.
 *
 * `hydrate="eager"` parts hydrate right after the page, in turn, wherever they are: the header's
 * controls, which show the session (the shopper's name, the cart's count) even when scrolled away.
 * `hydrate="touched"` parts (banners, the footer: text, pictures and links, which work as served)
 * hydrate only when the shopper touches them, a link followed before that loading its page from
 * the server.
 *
 * What it shows of the session must be gated by `useHydrated()` inside it, not passed in already
 * worked out: when it hydrates, the page is live and that data may be there (decision 0022).
 */
export function DeferHydration({ hydrate = 'visible', children }: { hydrate?: HydrateWhen; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  const pageHydrated = useHydrated();
  // Decided once, as the part first renders: its markup is the server's, to hydrate in its turn.
  const [waits] = useState(() => !onServer() && !pageHydrated);
  const [owner] = useState(() => ({}));
  const [live, setLive] = useState(!waits);
  // As soon as the page around it has hydrated, the part knows its element.
  useLayoutEffect(() => {
    const deferral = byOwner.get(owner);
    if (waits && deferral) attach(deferral, element.current);
  }, [owner, waits]);
  // Marked before anything of the part changes: the end-to-end tests check its markup until here.
  const onHydrated = useCallback(() => element.current?.setAttribute(DEFERRED_ATTRIBUTE, 'done'), []);
  const onLive = useCallback(() => setLive(true), []);
  // `live` releases the presses held on it (lib/early-events.ts).
  const state = !live || onServer() ? 'pending' : pageHydrated ? 'live' : 'done';
  // The same element while nothing of its own changes: the page turning live renders this part's
  // element again (its state above), not its content (only what reads `useHydrated()` in it).
  const content = useMemo(
    () => (
      // Until the part is live, the page's flag is held at `false` in it: the page turning live
      // must not reach a part still waiting (React would hold the page's switch back for it).
      <HydratedValueProvider hydrated={live ? undefined : false}>
        <Suspense fallback={null}>
          <Deferred owner={owner} waits={waits} when={hydrate} onHydrated={onHydrated} onLive={onLive}>
            {children}
          </Deferred>
        </Suspense>
      </HydratedValueProvider>
    ),
    [live, owner, waits, hydrate, onHydrated, onLive, children],
  );
  return (
    <div ref={element} {...{ [DEFERRED_ATTRIBUTE]: state }} style={{ display: 'contents' }}>
      {content}
    </div>
  );
}
