import { createHash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

import { COMPRESSION_THRESHOLD_BYTES, compressVariants, preferredEncoding, type PrecompressedEncoding } from './content-encoding';
import type { CacheLookups } from './metrics';

/**
 * An answer as it goes on the wire, made once when it is computed: its JSON bytes, their ETag
 * and, above the compression threshold, its compressed copies. A request it answers only picks
 * one; nothing is serialized, hashed or compressed per request.
 */
interface CachedBody {
  body: Buffer;
  etag: string;
  compressed: Record<PrecompressedEncoding, Buffer> | null;
}

export interface CachePolicy {
  /** How long this process reuses an answer it computed, in milliseconds. */
  ttlMs: number;
  /** The Cache-Control header sent to browsers and proxies. */
  cacheControl: string;
}

/**
 * Catalog answers (decision 0034): browsers and proxies revalidate every time (`no-cache`, a 304
 * by ETag costs little), so a browser never shows a price or stock older than this process does.
 * This process drops every cached answer when the catalog's version moves (staff writes, through
 * lib/catalog-version.ts) and recomputes each after 5 s anyway (stock taken by orders, which do
 * not raise the version): a change reaches shoppers within 5 s plus a page's own 2.5 s.
 */
export const CATALOG_CACHE: CachePolicy = {
  ttlMs: 5_000,
  cacheControl: 'public, no-cache',
};

/**
 * A small in-process cache of serialized JSON answers with their ETags. It keeps no state that
 * matters: every process can answer every request, and a restart only costs a recomputation.
 */
export class ResponseCache {
  private readonly entries = new LRUCache<string, CachedBody>({
    max: 5_000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (e) => e.body.length + (e.compressed ? e.compressed.br.length + e.compressed.gzip.length : 0) + 64,
  });
  private readonly pending = new Map<string, Promise<CachedBody>>();
  /** Figures several answers share (a list's total), kept as long as an answer. */
  private readonly values = new LRUCache<string, { value: unknown }>({ max: 1_000 });
  private readonly pendingValues = new Map<string, Promise<unknown>>();
  /** Raised by `clear()`: an answer computed before it is sent but never kept. */
  private generation = 0;

  /** `lookups` counts the answers found kept and those computed (`GET /metrics`); figures are not counted. */
  constructor(private readonly lookups?: CacheLookups) {}

  /**
   * Answers `request` from the cache under `key`, computing it with `produce` when missing or
   * stale (one computation at a time per key), with ETag, Cache-Control and a 304 when the
   * client's copy is current. A computed answer goes through `schema` (the route's 200 schema)
   * like every other answer: what does not match it is a 500, never kept, never sent. The bytes
   * sent are the kept ones, compressed as the client's Accept-Encoding prefers (brotli or gzip)
   * when the answer is large enough: @fastify/compress leaves an answer with a Content-Encoding
   * alone.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    policy: CachePolicy,
    schema: z.ZodType,
    produce: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    let entry = this.entries.get(key);
    if (entry) {
      this.lookups?.hit();
    } else {
      this.lookups?.miss();
      entry = await this.compute(key, policy, schema, produce);
    }
    reply
      .header('etag', entry.etag)
      .header('cache-control', policy.cacheControl)
      .header('vary', 'Cookie, lng, Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
      return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    // As @fastify/compress does: `x-no-compression` asks for the answer as it is.
    const encoding = entry.compressed && request.headers['x-no-compression'] === undefined ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (encoding && entry.compressed) {
      return reply.header('content-encoding', encoding).send(entry.compressed[encoding]);
    }
    // Bytes go out as they are: no serializer, no encoding, no length to count.
    return reply.send(entry.body);
  }

  private async compute(key: string, policy: CachePolicy, schema: z.ZodType, produce: () => Promise<unknown>): Promise<CachedBody> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const computing = (async () => {
      const body = Buffer.from(JSON.stringify(schema.parse(await produce())));
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
      const compressed = body.length >= COMPRESSION_THRESHOLD_BYTES ? await compressVariants(body) : null;
      const entry: CachedBody = { body, etag, compressed };
      // Read before a catalog change that came meanwhile: answer it, never keep it.
      if (generation === this.generation) this.entries.set(key, entry, { ttl: policy.ttlMs });
      return entry;
    })();
    this.pending.set(key, computing);
    try {
      return await computing;
    } finally {
      if (this.pending.get(key) === computing) this.pending.delete(key);
    }
  }

  /**
   * A figure several answers share, such as the number of published products every page of the
   * list carries: computed by `produce` once per `ttlMs` (and again after a catalog change), not
   * once per page. One computation at a time per key; one started before a catalog change is
   * used but never kept.
   */
  async remember<T>(key: string, ttlMs: number, produce: () => Promise<T>): Promise<T> {
    const hit = this.values.get(key);
    if (hit) return hit.value as T;
    // The same key's figure is always a T: the callers of one key pass the same `produce`.
    const inFlight = this.pendingValues.get(key) as Promise<T> | undefined;
    if (inFlight) return inFlight;
    const generation = this.generation;
    const computing = (async () => {
      const value = await produce();
      if (generation === this.generation) this.values.set(key, { value }, { ttl: ttlMs });
      return value;
    })();
    this.pendingValues.set(key, computing);
    try {
      return await computing;
    } finally {
      if (this.pendingValues.get(key) === computing) this.pendingValues.delete(key);
    }
  }

  /** Forgets every answer and figure, and those being computed: the next request reads the database. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.values.clear();
    this.pendingValues.clear();
  }
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
