import { createHash } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';

import type { Database } from '../../db/client';
import { photoVariants } from '../../db/schema';
import { renderImage } from '../../seed/images';
import { photoWidthFor, PLACEHOLDER_IMAGE } from '../admin/photos/photo-urls';

import { rasterizeArtwork } from './raster';

const rendered = new LRUCache<string, { svg: string; etag: string }>({ max: 2_000 });

/** Recently served photo copies, by `hash:width`, up to 64 MB. */
const photos = new LRUCache<string, { bytes: Buffer; etag: string }>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (entry) => entry.bytes.length || 1 });

/** The artwork drawn as WebP (`?w=`), by `path:width`, up to 32 MB; and those being drawn. */
const rasters = new LRUCache<string, { bytes: Buffer; etag: string }>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (entry) => entry.bytes.length || 1 });
const drawing = new Map<string, Promise<{ bytes: Buffer; etag: string }>>();

/** The artwork's cache time: it never changes within a build. */
const ARTWORK_CACHE = 'public, max-age=86400';

/** A year: a photo's URL names its bytes (their hash), so they never change under it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The picture of a product with no picture left (docs/decisions/0035): a neutral frame in the
 * seed artwork's soft grey, without text so it serves both languages.
 */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">' +
  '<rect width="600" height="600" fill="#f2f4f7"/>' +
  '<rect x="170" y="190" width="260" height="200" rx="24" fill="none" stroke="#b8c0cc" stroke-width="14"/>' +
  '<circle cx="245" cy="255" r="26" fill="#b8c0cc"/>' +
  '<path d="M184 376l84-86 56 56 40-40 52 70z" fill="#b8c0cc"/></svg>';

interface ImageRoutesOptions {
  db: Database;
}

const PhotoName = /^([0-9a-f]{32})\.webp$/;
const Width = /^\d{1,5}$/;
const badWidth = { message: 'w must be a width in pixels', code: 'BAD_REQUEST' } as const;

/** The WebP of an artwork at a stored width, drawn once per process (concurrent requests share it). */
async function artworkRaster(pathname: string, svg: { svg: string; etag: string }, width: number): Promise<{ bytes: Buffer; etag: string }> {
  const key = `${pathname}:${width}`;
  const cached = rasters.get(key);
  if (cached) return cached;
  let pending = drawing.get(key);
  if (!pending) {
    pending = rasterizeArtwork(svg.svg, width)
      .then((bytes) => {
        const entry = { bytes, etag: `${svg.etag.slice(0, -1)}-${width}"` };
        rasters.set(key, entry);
        return entry;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/**
 * `GET /images/*`: the catalog's artwork, drawn by our own code (src/seed/images.ts) so nothing
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
    const key = `${hash}:${width}`;
    let entry = photos.get(key);
    if (!entry) {
      const [row] = await db
        .select({ bytes: photoVariants.bytes })
        .from(photoVariants)
        .where(and(eq(photoVariants.hash, hash), eq(photoVariants.width, width)))
        .limit(1);
      if (!row) return reply.code(404).send({ message: 'Image not found', code: 'NOT_FOUND' });
      entry = { bytes: row.bytes, etag: `"${hash}-${width}"` };
      photos.set(key, entry);
    }
    reply.header('content-type', 'image/webp').header('cache-control', IMMUTABLE).header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.send(entry.bytes);
  });

  app.get<{ Querystring: { w?: string } }>('/images/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const w = request.query.w;
    if (w !== undefined && !Width.test(w)) return reply.code(400).send(badWidth);
    let entry = rendered.get(pathname);
    if (!entry) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        decoded = ''; // a malformed escape names no image
      }
      const svg = decoded === PLACEHOLDER_IMAGE ? PLACEHOLDER_SVG : renderImage(decoded);
      if (svg === undefined) {
        return reply.code(404).send({ message: 'Image not found', code: 'NOT_FOUND' });
      }
      entry = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"` };
      rendered.set(pathname, entry);
    }
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
