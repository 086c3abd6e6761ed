/**
 * An SVG drawn `factor` times larger: its root element's `width` and `height` multiplied (the
 * `viewBox` keeps the drawing the same). An SVG's natural size is what an image zoom magnifies,
 * so this is the catalog artwork's "high-resolution" zoom picture. Text that is not an SVG with
 * a numeric size comes back unchanged.
 */
export function enlargeSvg(svg: string, factor: number): string {
  return svg.replace(/<svg\b[^>]*>/, (root) =>
    root.replace(/\s(width|height)="(\d+(?:\.\d+)?)"/g, (_, name: string, size: string) => ` ${name}="${Number(size) * factor}"`),
  );
}
