import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

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
