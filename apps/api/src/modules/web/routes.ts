import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

interface WebRoutesOptions {
  /** The built storefront (apps/web/dist); absent in API-only runs such as `npm run dev`. */
  distDir: string;
  /** Translation files (apps/web/public/locales). */
  localesDir: string;
}

const API_LIKE = /^\/(api|images|locales|pay)(\/|$)/;

/**
 * Serves the translation files and the built React app: hashed assets for a year, index.html
 * revalidated every time, and index.html for any other GET so client routes survive a reload.
 */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, { distDir, localesDir }) => {
  await app.register(fastifyStatic, {
    root: localesDir,
    prefix: '/locales/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.header('cache-control', 'no-cache');
    },
  });

  const indexHtml = path.join(distDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
  if (hasWeb) {
    // The static plugin refuses the folder itself ('/') with a 403, so the home page is a route.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !API_LIKE.test(url);
    if (hasWeb && wantsPage) return sendIndex(reply);
    return reply.code(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
};
