import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

import { type Direction } from '../lib/direction';

// Arabic mirrors every style (margins, paddings, positions, borders) through stylis-plugin-rtl;
// English uses a plain cache. Both are created once and kept, so switching back and forth is cheap.
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
const ltrCache = createCache({ key: 'mui' });

export function emotionCacheFor(direction: Direction) {
  return direction === 'rtl' ? rtlCache : ltrCache;
}
