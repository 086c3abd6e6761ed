import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout) derived from a kind and a slug, so the demo catalog has the same ids
 * on every machine and every run: links shared between shoppers keep working after a reseed.
 */
export function stableId(kind: 'category' | 'subcategory' | 'product', slug: string): string {
  const hash = createHash('sha1').update(`dukkan:${kind}:${slug}`).digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
