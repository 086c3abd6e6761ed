import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

import { API_ROOT } from '../../paths';

/** The built back office (`npm run build -w apps/admin`). */
export const ADMIN_DIST_DIR = path.resolve(API_ROOT, '..', 'admin', 'dist');

interface AdminWebRoutesOptions {
  /** Where the built back office is; defaults to apps/admin/dist. */
  distDir?: string;
}

const NOINDEX = 'noindex';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The back office's bundle at `/admin` (register with `prefix: '/admin'`, decision 0036): hashed
 * files under `/admin/assets/` for a year, every other `/admin/*` path its index.html (the
 * browser's router shows the screen), revalidated every time. Every answer, a 404 included,
 * says `X-Robots-Tag: noindex`. The routes and the 404 handler of this prefix are its own, so the
 * storefront's page catch-all (modules/web) never answers under `/admin`.
 */
export const adminWebRoutes: FastifyPluginAsync<AdminWebRoutesOptions> = async (app, { distDir = ADMIN_DIST_DIR }) => {
  const hasAdmin = existsSync(path.join(distDir, 'index.html'));

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-robots-tag', NOINDEX);
  });

  const notFound = (reply: FastifyReply, url: string, message = `Not found: ${url}`) =>
    reply.code(404).header('x-robots-tag', NOINDEX).header('cache-control', 'no-store').send({ message, code: 'NOT_FOUND' });

  // A path no route here matches (another method, a missing asset): a JSON 404, never a page.
  app.setNotFoundHandler((request, reply) => notFound(reply, request.url.split('?')[0] ?? '/admin'));

  if (!hasAdmin) {
    // An API-only run (`npm run dev`): say what is missing rather than fall through to the shop.
    const unbuilt = (_request: unknown, reply: FastifyReply) => notFound(reply, '/admin', 'The back office is not built: run npm run build -w apps/admin');
    app.get('/', { schema: { hide: true } }, unbuilt);
    app.get('/*', { schema: { hide: true } }, unbuilt);
    return;
  }

  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
      reply.header('x-robots-tag', NOINDEX);
    },
  });
  // sendFile for index.html only, from the folder itself.
  await app.register(fastifyStatic, { root: distDir, serve: false, index: false, cacheControl: false });

  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').header('x-robots-tag', NOINDEX).type('text/html; charset=utf-8').sendFile('index.html', distDir);

  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/*', { schema: { hide: true } }, sendIndex);
};
