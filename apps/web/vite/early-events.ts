import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { minifySync, type Plugin, transformWithOxc } from 'vite';

const SOURCE = fileURLToPath(new URL('../src/lib/early-events.ts', import.meta.url));
const STORED_SESSION_SOURCE = fileURLToPath(new URL('../src/lib/stored-session.ts', import.meta.url));

/**
 * How a control shows that its press is under way: held until its part is live
 * (`data-early-pending`, set by the inline script), or its request running (`aria-busy`, set by
 * the control): a pulsing veil in the control's own colour, still with reduced motion. The
 * control stays enabled, so it keeps the keyboard's focus.
 */
const BUSY = '[data-early-pending],button[aria-busy="true"]';
export const EARLY_EVENTS_STYLE =
  `:is(${BUSY}){cursor:progress;position:relative}` +
  `:is(${BUSY})::after{content:"";position:absolute;inset:0;border-radius:inherit;background:currentColor;opacity:.14;pointer-events:none;animation:dk-busy .7s ease-in-out infinite alternate}` +
  '@keyframes dk-busy{to{opacity:.32}}' +
  `@media (prefers-reduced-motion:reduce){:is(${BUSY})::after{animation:none;opacity:.24}}`;

/** A self-contained module's code as plain declarations, to go inside the inline script's function. */
async function declarations(source: string): Promise<string> {
  const { code } = await transformWithOxc(await readFile(source, 'utf8'), source, { lang: 'ts' });
  return code.replace(/^export\s+(?=(const|let|var|function|class)\b)/gm, '');
}

/**
 * `src/lib/stored-session.ts` and `src/lib/early-events.ts` as one minified statement that runs
 * them on the page's window: the session's mark first, then the early events.
 */
export async function earlyEventsScript(): Promise<string> {
  const body = `${await declarations(STORED_SESSION_SOURCE)}\n${await declarations(SOURCE)}`;
  const script = `(function(){${body}\nwatchStoredSession(window);startEarlyEvents(window);})();`;
  const { code: minified, errors } = minifySync('early-events.js', script, {});
  if (errors.length > 0) throw new Error(`early-events.ts did not minify: ${errors.map((error) => error.message).join('; ')}`);
  return minified.trim();
}

/**
 * Puts the early-event script (src/lib/early-events.ts, decision 0024, with the stored session's
 * mark of src/lib/stored-session.ts, decision 0042) and its style inline at
 * the top of the page's head, in development and in the build: it must run before the page is
 * painted, and never wait for a script file. The API allows it by its hash in the
 * Content-Security-Policy (apps/api/src/lib/inline-scripts.ts).
 */
export function earlyEvents(): Plugin {
  return {
    name: 'dukkan:early-events',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) => {
        const tags = `<style>${EARLY_EVENTS_STYLE}</style><script>${await earlyEventsScript()}</script>\n    `;
        if (!html.includes('<!--app-head-->')) throw new Error('index.html has no <!--app-head--> to put the early-event script before');
        return html.replace('<!--app-head-->', () => `${tags}<!--app-head-->`);
      },
    },
  };
}
