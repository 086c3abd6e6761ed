import { createHash } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import type { Database } from '../../db/client';
import { photoVariants } from '../../db/schema';
import { PLACEHOLDER_IMAGE } from '../admin/photos/photo-urls';

import { renderImage } from './artwork';
import { rasterizeArtwork } from './raster';

/** A picture as served: its bytes (or SVG text) and its ETag. */
export interface ServedPhoto {
  bytes: Buffer;
  etag: string;
}
export interface ServedArtwork {
  svg: string;
  etag: string;
}

const rendered = new LRUCache<string, ServedArtwork>({ max: 2_000 });

/** Recently served photo copies, by `hash:width`, up to 64 MB. */
const photos = new LRUCache<string, ServedPhoto>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (entry) => entry.bytes.length || 1 });

/** The artwork drawn as WebP (`?w=`), by `path:width`, up to 32 MB; and those being drawn. */
const rasters = new LRUCache<string, ServedPhoto>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (entry) => entry.bytes.length || 1 });
const drawing = new Map<string, Promise<ServedPhoto>>();

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

/** An uploaded photo's stored copy of one width (docs/decisions/0035), kept in memory once read; `null` when there is none. */
export async function findPhotoCopy(db: Database, hash: string, width: number): Promise<ServedPhoto | null> {
  const key = `${hash}:${width}`;
  const cached = photos.get(key);
  if (cached) return cached;
  const [row] = await db
    .select({ bytes: photoVariants.bytes })
    .from(photoVariants)
    .where(and(eq(photoVariants.hash, hash), eq(photoVariants.width, width)))
    .limit(1);
  if (!row) return null;
  const entry = { bytes: row.bytes, etag: `"${hash}-${width}"` };
  photos.set(key, entry);
  return entry;
}

/** The artwork SVG at an `/images/…` path (URL-encoded), drawn once per process; `undefined` when the path names none. */
export function findArtwork(pathname: string): ServedArtwork | undefined {
  const cached = rendered.get(pathname);
  if (cached) return cached;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = ''; // a malformed escape names no image
  }
  const svg = decoded === PLACEHOLDER_IMAGE ? PLACEHOLDER_SVG : renderImage(decoded);
  if (svg === undefined) return undefined;
  const entry = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"` };
  rendered.set(pathname, entry);
  return entry;
}

/** The WebP of an artwork at a stored width, drawn once per process (concurrent requests share it). */
export async function artworkRaster(pathname: string, svg: ServedArtwork, width: number): Promise<ServedPhoto> {
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
