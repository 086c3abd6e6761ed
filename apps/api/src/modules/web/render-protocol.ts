// The messages between the API's thread and its render workers (render-worker.ts, page-renderer.ts).
// A worker renders pages with the storefront's server entry; the API calls the page makes are sent
// back to the API's thread, which answers them through `app.inject` (the API's routes, caches and
// the database stay in that one thread).
import type { Language } from '@dukkan/contracts/common';
import type { PageRenderInput, PageRenderOutput } from '@dukkan/contracts/ssr';

/** The storefront's server entry (apps/web/src/ssr/entry-server.tsx) as the API loads it. */
export interface ServerEntry {
  /** The shared contract, and Vite's client manifest. */
  render(input: PageRenderInput & { manifest?: unknown }): Promise<PageRenderOutput>;
}

/** What a worker is started with. */
export interface RenderWorkerData {
  /** dist/server/entry-server.js, absolute. */
  entryPath: string;
  template: string;
  translations: Record<Language, Record<string, unknown>>;
  manifest: unknown;
}

/** An API request of a page being rendered, as the API's thread takes it for `app.inject`. */
export interface ApiRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/** Its answer. A `null` body: none (204, 304). */
export interface ApiAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array | null;
}

export type ToWorker =
  | { type: 'render'; id: number; url: string; language: Language; origin: string }
  | { type: 'answered'; id: number; answer: ApiAnswer }
  | { type: 'unanswered'; id: number; message: string };

export type FromWorker =
  | { type: 'rendered'; id: number; page: PageRenderOutput }
  | { type: 'failed'; id: number; message: string }
  | { type: 'request'; id: number; request: ApiRequest };
