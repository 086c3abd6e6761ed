import { createHash } from 'node:crypto';

import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';

import { renderImage } from '../../seed/images';

const rendered = new LRUCache<string, { svg: string; etag: string }>({ max: 2_000 });

/**
 * `GET /images/*`: the catalog's artwork, drawn by our own code (src/seed/images.ts) so nothing
 * is fetched from the internet and the repo holds no bitmaps. Images never change within a
 * build, so browsers may keep them for a day.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a plugin without `done` by the promise it returns
export const imageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/images/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    let entry = rendered.get(pathname);
    if (!entry) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        decoded = ''; // a malformed escape names no image
      }
      const svg = renderImage(decoded);
      if (svg === undefined) {
        return reply.code(404).send({ message: 'Image not found', code: 'NOT_FOUND' });
      }
      entry = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"` };
      rendered.set(pathname, entry);
    }
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('etag', entry.etag)
      // An SVG opened on its own must not run anything, whatever it contains.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.send(entry.svg);
  });
};
