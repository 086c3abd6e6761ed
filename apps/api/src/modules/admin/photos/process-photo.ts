import { createHash } from 'node:crypto';

import sharp from 'sharp';

import { HttpError } from '../../../lib/errors';

import { PHOTO_WIDTHS } from './photo-urls';

/** The largest upload, in bytes. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Pixels a photo may decode to (a small file may claim a huge picture). */
const MAX_INPUT_PIXELS = 50_000_000;

export const unsupportedMediaType = (message: string) => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const PHOTO_TYPE_MESSAGE = 'The file must be a JPEG, PNG or WebP picture';

type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** The format its first bytes announce, whatever the file's name or declared type say. */
export function sniffPhotoFormat(bytes: Buffer): PhotoFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export interface PhotoVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** The first 32 hex digits of the upload's SHA-256. */
  hash: string;
  /** One WebP per PHOTO_WIDTHS entry, keyed by that width (never enlarged: a small photo keeps its size). */
  variants: Map<number, PhotoVariant>;
}

/**
 * Checks an upload by its content (magic bytes, then sharp must read it as the same format) and
 * draws its WebP copies, turned upright by its EXIF orientation and without its metadata.
 * A file that is not a readable JPEG, PNG or WebP is a 415.
 */
export async function processPhoto(upload: Buffer): Promise<ProcessedPhoto> {
  const sniffed = sniffPhotoFormat(upload);
  if (!sniffed) throw unsupportedMediaType(PHOTO_TYPE_MESSAGE);
  try {
    const metadata = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (metadata.format !== sniffed) throw unsupportedMediaType(PHOTO_TYPE_MESSAGE);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unsupportedMediaType(`${PHOTO_TYPE_MESSAGE}; this one cannot be read`);
  }
  const hash = createHash('sha256').update(upload).digest('hex').slice(0, 32);
  const variants = new Map<number, PhotoVariant>();
  try {
    for (const width of PHOTO_WIDTHS) {
      const { data, info } = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.set(width, { width: info.width, height: info.height, bytes: data });
    }
  } catch {
    throw unsupportedMediaType(`${PHOTO_TYPE_MESSAGE}; this one cannot be read`);
  }
  return { hash, variants };
}
