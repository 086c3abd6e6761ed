/**
 * The widths the API serves every picture of the shop at, as WebP (`/images/…?w=`): uploaded
 * photos (docs/decisions/0035) and the catalog's artwork (docs/decisions/0043). Matched to how the
 * storefront draws pictures: 160 for the gallery's 76 px thumbnails and the cart's 72–120 px
 * lines on 2x screens, 320 and 640 for the 600 px product cards and gallery (1x and phones), 1280
 * for 2x screens, banners and the zoom. Imports nothing, so a page's chunk stays small.
 */
export const PICTURE_WIDTHS = [160, 320, 640, 1280] as const;
const WIDEST = 1280;

/** The stored width that serves a request for `requested` pixels: the smallest at least that wide, else the widest. */
export function pictureWidthFor(requested: number): number {
  return PICTURE_WIDTHS.find((width) => width >= requested) ?? WIDEST;
}

/**
 * The `srcset` of one of the shop's pictures (a path under `/images/`): its WebP copies up to
 * `maxWidth` pixels wide. `undefined` for any other address (it is shown as it is).
 */
export function pictureSrcSet(src: string, maxWidth: number = WIDEST): string | undefined {
  if (!src.startsWith('/images/') || src.includes('?')) return undefined;
  return PICTURE_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `${src}?w=${width} ${width}w`)
    .join(', ');
}
