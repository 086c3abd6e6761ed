import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { Language } from '@dukkan/contracts/common';
import type { PageRenderOutput } from '@dukkan/contracts/ssr';
import type { FastifyInstance, InjectOptions } from 'fastify';

import type { RenderLoad } from '../../lib/metrics';

import type { ApiAnswer, ApiRequest, FromWorker, RenderWorkerData, ServerEntry, ToWorker } from './render-protocol';

/** What the storefront's server entry answers. */
export type RenderedPage = PageRenderOutput;

export interface PageRenderer {
  /** Renders `url` (path and query) in `language`, with links under `origin`. */
  render(url: string, language: Language, origin: string): Promise<RenderedPage>;
  /** Stops the render workers, if any. */
  close(): Promise<void>;
  /** What the workers are doing now, for `GET /metrics` (lib/metrics.ts). */
  load(): RenderLoad;
}

const LANGUAGES: readonly Language[] = ['en', 'ar'];

/** Every namespace of every language, read once: `{ en: { common: {...}, ... }, ar: {...} }`. */
async function readTranslations(localesDir: string): Promise<Record<Language, Record<string, unknown>>> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const dir = path.join(localesDir, language);
      const files = (await readdir(dir)).filter((file) => file.endsWith('.json'));
      const namespaces = await Promise.all(
        files.map(async (file) => [path.basename(file, '.json'), JSON.parse(await readFile(path.join(dir, file), 'utf8')) as unknown] as const),
      );
      return [language, Object.fromEntries(namespaces)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Language, Record<string, unknown>>;
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** An API request answered by this same Fastify app through `inject`: it never leaves the process. */
export async function injectAnswer(app: FastifyInstance, request: ApiRequest): Promise<ApiAnswer> {
  const options: InjectOptions = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.body ? { payload: Buffer.from(request.body) } : {}),
  };
  const answer = await app.inject(options);
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push([name, String(one)]);
  }
  return { status: answer.statusCode, headers, body: NO_BODY_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload) };
}

/**
 * A `fetch` answered by this same Fastify app through `inject`: the page's API calls never
 * leave the process, pass through the same routes, validation and caches as a browser's.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const answer = await injectAnswer(app, {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { body } : {}),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}

/**
 * The render worker's script: built beside server.js (build.mjs), or, when the API runs from its
 * TypeScript sources (tests, `npm run dev`), the source itself, loaded through tsx.
 */
function startRenderWorker(data: RenderWorkerData): Worker {
  const built = new URL('./render-worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js')) return new Worker(built, { workerData: data });
  const source = new URL('./render-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

interface Slot {
  worker: Worker | null;
  /** Renders sent to this worker and not answered yet. */
  renders: Map<number, { resolve: (page: RenderedPage) => void; reject: (error: Error) => void }>;
}

/**
 * Renders pages in `size` worker threads, each given the next page when it has the fewest under
 * way. A worker that fails (or exits) fails the renders it had; the next page starts a new one.
 */
function workerPool(app: FastifyInstance, size: number, data: RenderWorkerData): PageRenderer {
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, renders: new Map() }));
  let lastRenderId = 0;
  let closing = false;

  function fail(slot: Slot, error: Error) {
    for (const { reject } of slot.renders.values()) reject(error);
    slot.renders.clear();
    slot.worker = null;
  }

  function workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = startRenderWorker(data);
    slot.worker = worker;
    const post = (message: ToWorker) => worker.postMessage(message);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'request') {
        injectAnswer(app, message.request).then(
          (answer) => post({ type: 'answered', id: message.id, answer }),
          (error: unknown) => post({ type: 'unanswered', id: message.id, message: String(error) }),
        );
        return;
      }
      const render = slot.renders.get(message.id);
      if (!render) return;
      slot.renders.delete(message.id);
      if (message.type === 'rendered') render.resolve(message.page);
      else render.reject(new Error(`the render worker failed: ${message.message}`));
    });
    worker.on('error', (error) => {
      app.log.error({ err: error }, 'a render worker failed');
      if (slot.worker === worker) fail(slot, error);
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      if (!closing) app.log.error({ code }, 'a render worker exited');
      fail(slot, new Error(`the render worker exited (code ${code})`));
    });
    return worker;
  }

  // Started now, not on the first page: a worker takes a moment to load the server entry.
  for (const slot of slots) workerOf(slot);

  return {
    render(url, language, origin) {
      const slot = slots.reduce((least, one) => (one.renders.size < least.renders.size ? one : least));
      const worker = workerOf(slot);
      lastRenderId += 1;
      const id = lastRenderId;
      return new Promise<RenderedPage>((resolve, reject) => {
        slot.renders.set(id, { resolve, reject });
        worker.postMessage({ type: 'render', id, url, language, origin } satisfies ToWorker);
      });
    },
    async close() {
      closing = true;
      await Promise.all(slots.flatMap((slot) => (slot.worker ? [slot.worker.terminate()] : [])));
    },
    load() {
      let busy = 0;
      let queued = 0;
      for (const slot of slots) {
        if (slot.renders.size === 0) continue;
        busy += 1;
        queued += slot.renders.size - 1;
      }
      return { workers: size, busy, queued };
    },
  };
}

/**
 * The storefront's server renderer, when the web app was built with it (`dist/server/`), else
 * `null` (an API-only run: pages are then the plain index.html, rendered in the browser). With
 * `workers` > 0 pages render in that many worker threads; with 0, in this thread.
 */
export async function loadPageRenderer(app: FastifyInstance, distDir: string, localesDir: string, workers: number): Promise<PageRenderer | null> {
  const entryPath = path.join(distDir, 'server', 'entry-server.js');
  const templatePath = path.join(distDir, 'index.html');
  if (!existsSync(entryPath) || !existsSync(templatePath)) return null;
  const [template, translations, manifest] = await Promise.all([
    readFile(templatePath, 'utf8'),
    readTranslations(localesDir),
    readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as unknown,
      () => undefined,
    ),
  ]);
  if (workers > 0) return workerPool(app, workers, { entryPath, template, translations, manifest });

  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const fetchFn = injectFetch(app);
  // This thread is the one worker: busy while a page renders, the others under way beside it queued.
  let inFlight = 0;
  return {
    async render(url, language, origin) {
      inFlight += 1;
      try {
        return await entry.render({ url, origin, language, apiBaseUrl: `${origin}/api`, fetchFn, translations: translations[language], template, manifest });
      } finally {
        inFlight -= 1;
      }
    },
    close: () => Promise.resolve(),
    load: () => ({ workers: 1, busy: inFlight > 0 ? 1 : 0, queued: Math.max(inFlight - 1, 0) }),
  };
}
