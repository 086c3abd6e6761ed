/**
 * Where uploaded product photos are served (docs/decisions/0035): `/images/photos/{hash}.webp`,
 * `hash` being the SHA-256 (first 32 hex digits) of the uploaded file, so a URL names the same
 * bytes forever. `?w=` picks a width: the smallest stored one at least that wide (else the
 * widest); without it, DEFAULT_PHOTO_WIDTH.
 */

import { PICTURE_WIDTHS, pictureWidthFor } from '@dukkan/contracts/pictures';

/** The widths stored for every photo: those the storefront asks for (contracts' `pictures.ts`). */
export const PHOTO_WIDTHS = PICTURE_WIDTHS;
export const DEFAULT_PHOTO_WIDTH = 640;

/** What a product shows when it has no picture left: a neutral drawing (modules/images/service.ts). */
export const PLACEHOLDER_IMAGE = '/images/placeholder/product.svg';

const PHOTO_URL = /^\/images\/photos\/([0-9a-f]{32})\.webp$/;

export const photoUrl = (hash: string): string => `/images/photos/${hash}.webp`;

/** The hash of an uploaded photo's URL, or undefined for any other picture (the seed's artwork). */
export function photoHashOf(url: string): string | undefined {
  return PHOTO_URL.exec(url)?.[1];
}

/** The stored width that serves a request for `requested` pixels. */
export function photoWidthFor(requested: number | undefined): number {
  return requested === undefined ? DEFAULT_PHOTO_WIDTH : pictureWidthFor(requested);
}

/** What a product's `thumbnail` is for its `images`: the first, or the placeholder. */
export function thumbnailOf(images: readonly string[]): string {
  return images[0] ?? PLACEHOLDER_IMAGE;
}
