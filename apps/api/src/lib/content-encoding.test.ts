import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { compressVariants, preferredEncoding } from './content-encoding';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate, gzip;q=1.0, *;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
  ] as const)('%s → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });

  it.each([undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', 'gzip;q=0, *;q=0', 'zstd'])('%s → none', (header) => {
    expect(preferredEncoding(header)).toBeNull();
  });

  it('answers a header it has read before the same way', () => {
    expect(preferredEncoding('gzip;q=0.9, br;q=0.4')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.9, br;q=0.4')).toBe('gzip');
  });
});

describe('compressVariants', () => {
  it('makes copies that decompress to the same bytes', async () => {
    const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ i, title: `Product ${i}`, titleAr: `منتج ${i}` })) }));
    const { br, gzip } = await compressVariants(body);
    expect(br.length).toBeLessThan(body.length / 3);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
  });
});
