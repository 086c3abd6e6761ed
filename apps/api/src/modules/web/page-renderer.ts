import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Language } from '@dukkan/contracts/common';
import type { PageRenderInput, PageRenderOutput } from '@dukkan/contracts/ssr';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the storefront's server entry takes: the shared contract, and Vite's client manifest. */
interface RenderInput extends PageRenderInput {
  manifest?: unknown;
}

/** What it answers. */
export type RenderedPage = PageRenderOutput;

interface ServerEntry {
  render(input: RenderInput): Promise<RenderedPage>;
}

export interface PageRenderer {
  /** Renders `url` (path and query) in `language`, with links under `origin`. */
  render(url: string, language: Language, origin: string): Promise<RenderedPage>;
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

/**
 * A `fetch` answered by this same Fastify app through `inject`: the page's API calls never
 * leave the process, pass through the same routes, validation and caches as a browser's.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const options: InjectOptions = {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    };
    const answer = await app.inject(options);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    return new Response(NO_BODY_STATUSES.has(answer.statusCode) ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

/**
 * The storefront's server renderer, when the web app was built with it (`dist/server/`), else
 * `null` (an API-only run: pages are then the plain index.html, rendered in the browser).
 */
export async function loadPageRenderer(app: FastifyInstance, distDir: string, localesDir: string): Promise<PageRenderer | null> {
  const entryPath = path.join(distDir, 'server', 'entry-server.js');
  const templatePath = path.join(distDir, 'index.html');
  if (!existsSync(entryPath) || !existsSync(templatePath)) return null;
  const [entry, template, translations, manifest] = await Promise.all([
    import(pathToFileURL(entryPath).href) as Promise<ServerEntry>,
    readFile(templatePath, 'utf8'),
    readTranslations(localesDir),
    readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as unknown,
      () => undefined,
    ),
  ]);
  const fetchFn = injectFetch(app);
  return {
    render: (url, language, origin) =>
      entry.render({
        url,
        origin,
        language,
        apiBaseUrl: `${origin}/api`,
        fetchFn,
        translations: translations[language],
        template,
        manifest,
      }),
  };
}
