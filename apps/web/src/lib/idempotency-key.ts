/**
 * A fresh `Idempotency-Key` for one Place Order attempt: a random UUID (v4). `crypto.randomUUID`
 * exists only in secure contexts (https, localhost); elsewhere the same UUID is built from
 * `crypto.getRandomValues`, which every browser has. Call it from handlers, never during render.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 9562, section 5.4: version 4 and the variant bits.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
