import sharp from 'sharp';

/**
 * The catalog's artwork as a WebP picture `width` pixels wide (docs/decisions/0043): a browser
 * draws an SVG picture on its main thread, as a document of its own (on a phone, tens of
 * milliseconds each, while the page wakes up), and decodes a WebP off it. The SVG's own size
 * (its `width` attribute) gives the scale; the picture keeps its proportions.
 */
export async function rasterizeArtwork(svg: string, width: number): Promise<Buffer> {
  const natural = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1] ?? width) || width;
  // librsvg draws at 72 dpi for 1 px per SVG unit: this density draws it at least `width` wide.
  const density = Math.max(1, Math.ceil((72 * width) / natural));
  return sharp(Buffer.from(svg), { density }).resize({ width }).webp({ quality: 82, effort: 3 }).toBuffer();
}
