import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { COMPRESSION_THRESHOLD_BYTES } from './content-encoding';
import { CATALOG_CACHE, ResponseCache } from './response-cache';

/** A route answering `{ n }` from `produce` through the cache under one key. */
let app: FastifyInstance;
const cache = new ResponseCache();
let produced = 0;
/** The route's answer schema; `extra` is a key the schema does not have. */
const ThingSchema = z.object({ n: z.number().int().min(1) });
/** What the next computation answers instead of `{ n }` (a broken answer), when set. */
let broken: unknown;
/** What the next computations wait for, in turn (none: they finish at once). */
const gates: Promise<void>[] = [];

beforeAll(async () => {
  app = Fastify();
  app.get('/thing', (request, reply) =>
    cache.send(request, reply, 'thing', CATALOG_CACHE, ThingSchema, async () => {
      const n = ++produced;
      await gates.shift();
      if (broken !== undefined) return broken;
      return { n, extra: 'not in the schema' };
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

const read = async () => (await app.inject({ method: 'GET', url: '/thing' })).json<{ n: number }>().n;

describe('ResponseCache.clear (a catalog change)', () => {
  it('makes the next request compute again', async () => {
    const first = await read();
    expect(await read()).toBe(first);
    cache.clear();
    expect(await read()).toBe(first + 1);
  });

  it('never keeps an answer that was being computed when the catalog changed, even one finishing last', async () => {
    let openStale!: () => void;
    let openFresh!: () => void;
    gates.push(new Promise((resolve) => (openStale = resolve)), new Promise((resolve) => (openFresh = resolve)));
    cache.clear();
    const stale = read();
    // Let the computation start, then the catalog changes under it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    cache.clear();
    const fresh = read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    openFresh();
    const b = await fresh;
    openStale();
    const a = await stale;
    expect(b).toBe(a + 1);
    // What is kept is the one computed after the change, though the older one finished later.
    expect(await read()).toBe(b);
  });
});

describe('ResponseCache answers', () => {
  it('go through the route schema: keys it lacks are dropped', async () => {
    cache.clear();
    const answer = await app.inject({ method: 'GET', url: '/thing' });
    expect(answer.json()).toEqual({ n: produced });
  });

  it('that do not match the schema are a 500 and never kept', async () => {
    cache.clear();
    broken = { n: 'seven' };
    const answer = await app.inject({ method: 'GET', url: '/thing' });
    broken = undefined;
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('seven');
    // The next request computes again (nothing was kept) and answers the good value.
    const before = produced;
    expect(await read()).toBe(before + 1);
  });
});

describe('ResponseCache.remember (a figure pages share)', () => {
  it('computes once while fresh, again after a catalog change, and never keeps one computed across the change', async () => {
    const figures = new ResponseCache();
    let counted = 0;
    const count = () => Promise.resolve(++counted);
    expect(await figures.remember('total', 60_000, count)).toBe(1);
    expect(await figures.remember('total', 60_000, count)).toBe(1);
    expect(await figures.remember('other', 60_000, count)).toBe(2);

    figures.clear();
    expect(await figures.remember('total', 60_000, count)).toBe(3);

    let release: () => void = () => undefined;
    const slow = figures.remember('slow', 60_000, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'before the change';
    });
    figures.clear();
    release();
    expect(await slow).toBe('before the change');
    expect(await figures.remember('slow', 60_000, () => Promise.resolve('after the change'))).toBe('after the change');
  });

  it('lets callers that come while a figure is being computed wait for that one computation', async () => {
    const figures = new ResponseCache();
    let counted = 0;
    let release: () => void = () => undefined;
    const count = async () => {
      counted += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return counted;
    };
    const waiting = [figures.remember('total', 60_000, count), figures.remember('total', 60_000, count), figures.remember('total', 60_000, count)];
    release();
    expect(await Promise.all(waiting)).toEqual([1, 1, 1]);
    expect(counted).toBe(1);
  });

  it('computes again once its time is up', async () => {
    const figures = new ResponseCache();
    let counted = 0;
    expect(await figures.remember('total', 1, () => Promise.resolve(++counted))).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await figures.remember('total', 1, () => Promise.resolve(++counted))).toBe(2);
  });
});

describe('ResponseCache bytes on the wire', () => {
  /** An app as the shop's: @fastify/compress registered, a large answer and a small one through the cache. */
  let wire: FastifyInstance;
  const wireCache = new ResponseCache();
  const ListSchema = z.object({ data: z.array(z.object({ id: z.number(), title: z.string() })) });
  const large = { data: Array.from({ length: 100 }, (_, id) => ({ id, title: `Organic coffee beans, 1 kg — بن عضوي ${id}` })) };
  const small = { data: [{ id: 1, title: 'Tea' }] };
  const largeJson = JSON.stringify(large);
  let computed = 0;

  beforeAll(async () => {
    wire = Fastify();
    await wire.register(fastifyCompress, { threshold: COMPRESSION_THRESHOLD_BYTES });
    wire.get('/large', (request, reply) =>
      wireCache.send(request, reply, 'large', CATALOG_CACHE, ListSchema, () => {
        computed += 1;
        return Promise.resolve(large);
      }),
    );
    wire.get('/small', (request, reply) => wireCache.send(request, reply, 'small', CATALOG_CACHE, ListSchema, () => Promise.resolve(small)));
    await wire.ready();
  });
  afterAll(() => wire.close());

  const get = (url: string, headers: Record<string, string> = {}) => wire.inject({ method: 'GET', url, headers });

  it('are the JSON as it is for a client that accepts no coding, with its length', async () => {
    const answer = await get('/large');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toBe(largeJson);
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(largeJson)));
  });

  it('are brotli or gzip as the client prefers, made once and sent with their length', async () => {
    const before = computed;
    const br = await get('/large', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(largeJson);
    const gzip = await get('/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(largeJson);
    expect(computed - before).toBeLessThanOrEqual(1);
    // One Vary, as every cached answer has, whatever the coding.
    for (const answer of [br, gzip]) expect(answer.headers.vary).toBe('Cookie, lng, Accept-Encoding');
  });

  it('carry one ETag whatever the coding, and a 304 for it', async () => {
    const plain = await get('/large');
    const br = await get('/large', { 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(plain.headers.etag);
    const again = await get('/large', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('stay as they are when asked (`x-no-compression`) and when small', async () => {
    const asked = await get('/large', { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.body).toBe(largeJson);
    const tiny = await get('/small', { 'accept-encoding': 'gzip, br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual(small);
  });

  it('are compressed by @fastify/compress for a coding the cache does not keep', async () => {
    const deflate = await get('/large', { 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
  });
});
