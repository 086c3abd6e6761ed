import type { Language } from '@dukkan/contracts/common';

/** The id of the `<script type="application/json">` block that carries the server's state. */
export const SSR_STATE_ID = 'dukkan-state';

/**
 * What a server-rendered page hands to the browser: the language it was rendered in, the
 * translations it used, RTK Query's cache and the day it was rendered. Read once at start-up
 * (main.tsx) and applied before the page hydrates, so the first client render matches the HTML.
 */
export interface SsrState {
  language: Language;
  /** `{ namespace: translations }` of `language`, for the namespaces the page used. */
  resources: Record<string, unknown>;
  /** RTK Query's state (queries that settled, their tags), for `serverDataReceived`. */
  api: unknown;
  /** The server's calendar day (`YYYY-MM-DD`): dates shown while hydrating are counted from it (lib/use-today.tsx). */
  renderDay: string;
}

/**
 * JSON safe inside a `<script>` element: `<` is written `\u003c`, so no `</script>` or `<!--` in
 * the data can end or change the block, and the line separators JavaScript once refused are
 * escaped too. `JSON.parse` reads it back unchanged.
 */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function isSsrState(value: unknown): value is SsrState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    (state.language === 'en' || state.language === 'ar') &&
    typeof state.resources === 'object' &&
    state.resources !== null &&
    typeof state.renderDay === 'string'
  );
}

/** The server's state in `doc`, or `null` when the page was not rendered on the server (or the block is unreadable). */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isSsrState(value) ? value : null;
  } catch {
    return null;
  }
}
