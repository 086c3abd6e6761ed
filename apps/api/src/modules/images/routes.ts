import type { FastifyPluginAsync } from 'fastify';

import type { Database } from '../../db/client';
import { photoWidthFor } from '../admin/photos/photo-urls';

import { artworkRaster, findArtwork, findPhotoCopy } from './service';

/** The artwork's cache time: it never changes within a build. */
const ARTWORK_CACHE = 'public, max-age=86400';

/** A year: a photo's URL names its bytes (their hash), so they never change under it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface ImageRoutesOptions {
  db: Database;
}

const PhotoName = /^([0-9a-f]{32})\.webp$/;
const Width = /^\d{1,5}$/;
const badWidth = { message: 'w must be a width in pixels', code: 'BAD_REQUEST' } as const;

/**
 * `GET /images/*`: the catalog's artwork, drawn by our own code (artwork.ts) so nothing
 * is fetched from the internet and the repo holds no bitmaps. Images never change within a
 * build, so browsers may keep them for a day. With `?w=` the same picture is served as a WebP
 * of the stored width that serves it, which is what the storefront shows (docs/decisions/0043).
 * `GET /images/photos/{hash}.webp?w=`: photos uploaded in the back office, from the database
 * (docs/decisions/0035), immutable.
 */
export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, { db }) => {
  app.get<{ Params: { name: string }; Querystring: { w?: string } }>('/images/photos/:name', { schema: { hide: true } }, async (request, reply) => {
    const hash = PhotoName.exec(request.params.name)?.[1];
    if (!hash) return reply.code(404).send({ message: 'Image not found', code: 'NOT_FOUND' });
    const w = request.query.w;
    if (w !== undefined && !Width.test(w)) return reply.code(400).send(badWidth);
    const width = photoWidthFor(w === undefined ? undefined : Number(w));
    const entry = await findPhotoCopy(db, hash, width);
    if (!entry) return reply.code(404).send({ message: 'Image not found', code: 'NOT_FOUND' });
    reply.header('content-type', 'image/webp').header('cache-control', IMMUTABLE).header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.send(entry.bytes);
  });

  app.get<{ Querystring: { w?: string } }>('/images/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const w = request.query.w;
    if (w !== undefined && !Width.test(w)) return reply.code(400).send(badWidth);
    const entry = findArtwork(pathname);
    if (!entry) return reply.code(404).send({ message: 'Image not found', code: 'NOT_FOUND' });
    if (w !== undefined) {
      // `?w=`: the same picture as WebP, at the stored width that serves it (as for photos).
      const raster = await artworkRaster(pathname, entry, photoWidthFor(Number(w)));
      reply.header('content-type', 'image/webp').header('cache-control', ARTWORK_CACHE).header('etag', raster.etag);
      if (request.headers['if-none-match'] === raster.etag) return reply.code(304).send();
      return reply.send(raster.bytes);
    }
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', ARTWORK_CACHE)
      .header('etag', entry.etag)
      // An SVG opened on its own must not run anything, whatever it contains.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.send(entry.svg);
  });
};
