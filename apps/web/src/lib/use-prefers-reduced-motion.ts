import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the shopper asked the system for less motion (sliders then stay still, the video too).
 * `false` on the server and in the first render in the browser, so hydration matches the HTML; the
 * effect then reads the setting and follows its changes. (Not `useSyncExternalStore`: Preact's
 * ignores the server snapshot and would read `window` on the server.)
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(QUERY);
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}
