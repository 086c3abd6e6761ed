import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (`h1`) before the focus goes to `<main>` instead. */
export const HEADING_WAIT_MS = 10_000;

/**
 * The key of the location the document was loaded at: nothing moves on that first load, also
 * when the frame that shows it mounts afresh (the storefront's rule, decision 0025).
 */
let firstLocationKey: string | undefined;

/**
 * Watches for the new screen's heading in `<main>` (screens load lazily, and most render their
 * heading after their data), then focuses it, or `<main>` after `HEADING_WAIT_MS`. The focus
 * stays where it is when it already is in `<main>` (a field the screen focused itself, such as
 * sign-in's email), and when anything takes it before the heading is there. `stop()` answers
 * whether it had not finished.
 */
function focusNewScreen(): { stop: () => boolean } {
  const active = document.activeElement;
  let moveFocus = !(active && active !== document.body && document.querySelector('main')?.contains(active));
  let finished = false;
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
    const heading = document.querySelector('main')?.querySelector('h1');
    if (heading) settle(heading);
  }

  function settle(target: HTMLElement | null) {
    finish();
    if (!target || !moveFocus) return;
    // Focusable from script only: a heading is no stop on the Tab key's way.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }

  document.addEventListener('focusin', focusTaken);
  observer.observe(document.body, { childList: true, subtree: true });
  check();
  return {
    stop: () => {
      const unfinished = !finished;
      finish();
      return unfinished;
    },
  };
}

/**
 * Moves the keyboard focus to the new screen's heading after a change of screen in the back
 * office (WCAG 2.4.3; issue #32: opening an order from the list with Enter left it on `<body>`),
 * as the storefront does (decision 0025): a screen reader then reads where the staff member is,
 * and Tab goes on from the top of the screen. A screen is a path: a change of the address's
 * search alone (a list's filters, page or sort, the dashboard's period) stays on the screen and
 * moves nothing. Not on the document's first load. Mounted once in each frame (the signed-in
 * layout, the public frame); the screen's title is its `h1`, which the screen reader says as the
 * focus lands on it (the document's title is the same on every screen).
 */
export function HeadingFocus() {
  const { pathname, key } = useLocation();
  const locationKey = useRef(key);
  // The path this frame has moved the focus to (or first showed); '' when a move was cut short.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    locationKey.current = key;
  });

  useEffect(() => {
    firstLocationKey ??= locationKey.current;
    if (handled.current === pathname) return;
    const firstLoad = handled.current === null && locationKey.current === firstLocationKey;
    handled.current = pathname;
    if (firstLoad) return;
    const watch = focusNewScreen();
    return () => {
      // Cut short (another screen came first, or React's development double run): not done.
      if (watch.stop()) handled.current = '';
    };
  }, [pathname]);

  return null;
}
