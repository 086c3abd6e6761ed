// `npm run dev`: Vite's dev server renders pages on the server as the API process does in
// production (apps/api/src/modules/web/), with the code it serves, so both halves hot-reload:
// the browser's through HMR, the server's because every request loads the entry afresh.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Language } from '@dukkan/contracts/common';
import type { PageRenderInput, PageRenderOutput } from '@dukkan/contracts/ssr';
import type { Connect, Plugin, ViteDevServer } from 'vite';

/** What the server entry renders (apps/web/src/ssr/entry-server.tsx). */
interface ServerEntry {
  render(input: PageRenderInput): Promise<PageRenderOutput>;
}

function normalise(value: string | null | undefined): Language | undefined {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'ar' || primary === 'en' ? primary : undefined;
}

/** `?lng=`, then the `i18next` cookie, then English: the API's order (apps/api/src/lib/language.ts). */
function languageOf(url: URL, cookieHeader: string | undefined): Language {
  const cookie = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === 'i18next')?.[1];
  return normalise(url.searchParams.get('lng')) ?? normalise(cookie && decodeURIComponent(cookie)) ?? 'en';
}

/** Every namespace of `language`, read afresh so edited translations show at once. */
async function readTranslations(root: string, language: Language): Promise<Record<string, unknown>> {
  const dir = path.join(root, 'public', 'locales', language);
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json'));
  const entries = await Promise.all(
    files.map(async (file) => [path.basename(file, '.json'), JSON.parse(await readFile(path.join(dir, file), 'utf8')) as unknown] as const),
  );
  return Object.fromEntries(entries);
}

function renderPages(server: ViteDevServer, apiTarget: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const accept = req.headers.accept ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !accept.includes('text/html')) return next();
    const rawUrl = req.originalUrl ?? req.url ?? '/';
    void (async () => {
      const root = server.config.root;
      const origin = `http://${req.headers.host ?? '127.0.0.1:5173'}`;
      const url = new URL(rawUrl, origin);
      const language = languageOf(url, req.headers.cookie);
      const template = await server.transformIndexHtml(rawUrl, await readFile(path.join(root, 'index.html'), 'utf8'));
      const entry = (await server.ssrLoadModule('/src/ssr/entry-server.tsx')) as ServerEntry;
      const page = await entry.render({
        url: `${url.pathname}${url.search}`,
        origin,
        language,
        apiBaseUrl: `${apiTarget}/api`,
        fetchFn: fetch,
        translations: await readTranslations(root, language),
        template,
      });
      res.statusCode = page.status;
      if (page.location) {
        res.setHeader('location', page.location);
        res.end();
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(page.html);
    })().catch((error: unknown) => {
      if (error instanceof Error) server.ssrFixStacktrace(error);
      next(error);
    });
  };
}

/** The dev server's page rendering; `apiTarget` is the API's dev server (`npm run dev -w apps/api`). */
export function devServerRendering(apiTarget: string): Plugin {
  return {
    name: 'dukkan:dev-server-rendering',
    apply: 'serve',
    // After Vite's own middlewares (modules, public files): what is left and wants HTML is a page.
    configureServer: (server) => () => {
      server.middlewares.use(renderPages(server, apiTarget));
    },
  };
}
