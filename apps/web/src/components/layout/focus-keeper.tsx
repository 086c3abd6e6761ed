import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { isListNavigation } from '../../lib/list-navigation';
import { useFocusBackWhenEnabled } from '../../lib/use-focus-back-when-enabled';

/** How long a new page may take to show its heading (`h1`) before the focus goes to its main region instead. */
export const HEADING_WAIT_MS = 10_000;

/**
 * The key of the location the document was loaded at. Nothing moves on that first load, also
 * when the layout that shows it mounts afresh (a page of the other layout in between).
 */
let firstLocationKey: string | undefined;

/** After the next frame has painted: the new page's own effects (its `document.title`) have run, in React and in Preact. */
function afterNextPaint(callback: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * Watches for the new page's heading in `<main>` (a page may load lazily, or render after its
 * data or the session), then focuses it, or the main region after `HEADING_WAIT_MS`; then
 * announces the page's title. An address whose `#hash` names a place in `<main>` (a link into a
 * department's list, `#all-products`) has that place focused instead, without scrolling:
 * ScrollRestoration has scrolled to it, as to a `#hash` on the same page, and the heading's focus
 * would scroll the view back up. The focus stays where it is when it already is in `<main>` (a
 * control that stays across the change, as the account's menu, or one the page focused itself),
 * and when anything takes it before the heading is there (the shopper, or the page).
 * `stop()` answers whether it had not finished.
 */
function focusNewPage(announce: (text: string) => void, placeId: string): { stop: () => boolean } {
  const active = document.activeElement;
  let moveFocus = !(active && active !== document.body && document.querySelector('main')?.contains(active));
  let finished = false;
  let cancelAnnouncement: (() => void) | undefined;
  const observer = new MutationObserver(check);
  const timer = window.setTimeout(() => settle(document.querySelector('main')), HEADING_WAIT_MS);
  const focusTaken = () => {
    moveFocus = false;
  };

  function finish() {
    finished = true;
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('focusin', focusTaken);
  }

  function check() {
    const main = document.querySelector('main');
    const place = placeId ? document.getElementById(placeId) : null;
    if (place && main?.contains(place)) return settle(place, true);
    const heading = main?.querySelector('h1');
    if (heading) settle(heading);
  }

  function settle(target: HTMLElement | null, preventScroll = false) {
    finish();
    if (target && moveFocus) {
      // Focusable from script only: a heading is no stop on the Tab key's way.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll });
    }
    cancelAnnouncement = afterNextPaint(() => announce(document.title));
  }

  document.addEventListener('focusin', focusTaken);
  observer.observe(document.body, { childList: true, subtree: true });
  check();
  return {
    stop: () => {
      const unfinished = !finished;
      finish();
      cancelAnnouncement?.();
      return unfinished;
    },
  };
}

/** The id a `#hash` names ('' for none, or one that cannot be decoded). */
function placeIdOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

/**
 * Keeps the keyboard focus where the shopper is (WCAG 2.4.3). After a page change in the browser
 * the focus moves to the new page's heading once it exists, or to the place its `#hash` names
 * (see `focusNewPage`), and a polite live region says the page's title; not on the document's first load, nor when only the `#hash` changes (the skip
 * link), nor within one list (lib/list-navigation.ts). A control disabled while it works gets the focus back when it is enabled again
 * (`useFocusBackWhenEnabled`). Mounted once in each layout.
 */
export function FocusKeeper() {
  const location = useLocation();
  const page = `${location.pathname}${location.search}`;
  // A move within one list (its filters, sort or page) stays on the page: nothing moves or is said.
  const withinList = isListNavigation(location.state);
  const [announcement, setAnnouncement] = useState('');
  const locationKey = useRef(location.key);
  const hash = useRef(location.hash);
  // The page this layout has moved the focus to (or first showed); '' when a move was cut short.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    locationKey.current = location.key;
    hash.current = location.hash;
  });

  useEffect(() => {
    firstLocationKey ??= locationKey.current;
    if (handled.current === page) return;
    const firstLoad = handled.current === null && locationKey.current === firstLocationKey;
    handled.current = page;
    if (firstLoad || withinList) return;
    // Emptied first, so the same title said again (back to the same page) is still a change.
    setAnnouncement('');
    const watch = focusNewPage(setAnnouncement, placeIdOf(hash.current));
    return () => {
      // Cut short (another page came first, or React's development double run): not done.
      if (watch.stop()) handled.current = '';
    };
  }, [page, withinList]);

  useFocusBackWhenEnabled();

  return (
    <div aria-live="polite" aria-atomic="true" className="dk-visually-hidden">
      {/* Nothing rather than an empty text: Preact would add one to the server's markup while hydrating. */}
      {announcement === '' ? null : announcement}
    </div>
  );
}
