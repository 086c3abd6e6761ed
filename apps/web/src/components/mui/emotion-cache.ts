import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';

import { type Direction } from '../../lib/direction';

/**
 * Arabic mirrors every style (margins, paddings, positions, borders) through stylis-plugin-rtl;
 * English uses a plain cache. Neither adds vendor prefixes (Emotion's default `prefixer`): every
 * browser the shop supports knows flexbox, grid and transitions unprefixed, and the prefixes made
 * the critical CSS of a page about a third larger and its render slower (decision 0021). The keys name the server's critical-CSS `<style>` elements too
 * (`data-emotion="muirtl …"`), which the browser's cache of the same key takes over.
 */
export function createEmotionCache(direction: Direction): EmotionCache {
  return direction === 'rtl' ? createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] }) : createCache({ key: 'mui', stylisPlugins: [] });
}

const caches: Partial<Record<Direction, EmotionCache>> = {};

/**
 * The cache of a direction, made on first use (not at import: in the browser it adopts the
 * server's style elements) and kept, so switching languages back and forth is cheap. On the server
 * every page of a direction shares it: the critical CSS of a page is picked from it by the class
 * names in that page's HTML (entry-server.tsx).
 */
export function emotionCacheFor(direction: Direction): EmotionCache {
  return (caches[direction] ??= createEmotionCache(direction));
}
