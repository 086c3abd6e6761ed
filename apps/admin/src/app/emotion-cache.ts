import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';

import type { Direction } from './language';

const caches: Partial<Record<Direction, EmotionCache>> = {};

/**
 * Arabic mirrors every style through stylis-plugin-rtl, as the storefront does
 * (apps/web/src/app/emotion-cache.ts); each direction has its own cache, made once.
 */
export function emotionCacheFor(direction: Direction): EmotionCache {
  return (caches[direction] ??=
    direction === 'rtl' ? createCache({ key: 'adminrtl', stylisPlugins: [rtlPlugin] }) : createCache({ key: 'admin', stylisPlugins: [] }));
}
