import { pictureSrcSet } from '@dukkan/contracts/pictures';

/**
 * How wide a picture is drawn, for the browser to pick its copy (`sizes`): a product card is at
 * most half a phone's width, or one of 3 to 5 across a wider screen; a department's picture one
 * of 2 to 6 across; a banner the page's width.
 */
export const PICTURE_SIZES = {
  card: '(max-width: 600px) 50vw, 300px',
  tile: '(max-width: 600px) 50vw, 240px',
  banner: '(max-width: 1400px) 100vw, 1400px',
} as const;

/**
 * The `src`, `srcSet` and `sizes` of one of the shop's pictures (docs/decisions/0043): `src` is
 * the address the API gives (SVG artwork or an uploaded photo), which a browser keeps as the
 * picture's name; it shows the WebP copy of the width it needs, decoded off the page's main
 * thread, where an SVG picture is drawn on it.
 */
export function pictureProps(src: string, sizes: string, maxWidth?: number): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = pictureSrcSet(src, maxWidth);
  return srcSet ? { src, srcSet, sizes } : { src };
}
