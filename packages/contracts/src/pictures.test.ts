import { describe, expect, it } from 'vitest';

import { pictureSrcSet, pictureWidthFor } from './pictures';

describe('pictures', () => {
  it('serves a request by the smallest stored width at least that wide, else the widest', () => {
    expect([1, 160, 161, 320, 500, 640, 641, 1280, 5000].map(pictureWidthFor)).toEqual([160, 160, 320, 320, 640, 640, 1280, 1280, 1280]);
  });

  it('lists the WebP copies of the shop’s pictures up to a width, and nothing for other addresses', () => {
    expect(pictureSrcSet('/images/products/a/0.svg', 640)).toBe('/images/products/a/0.svg?w=160 160w, /images/products/a/0.svg?w=320 320w, /images/products/a/0.svg?w=640 640w');
    expect(pictureSrcSet('/images/photos/0123.webp')).toMatch(/\?w=1280 1280w$/);
    expect(pictureSrcSet('https://elsewhere.example/a.png')).toBeUndefined();
    expect(pictureSrcSet('/media/renew-poster.jpg')).toBeUndefined();
    expect(pictureSrcSet('/images/photos/0123.webp?w=320')).toBeUndefined();
  });
});
