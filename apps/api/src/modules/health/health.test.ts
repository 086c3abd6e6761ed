import { ErrorResponseSchema, HealthResponseSchema, NotReadyResponseSchema } from '@dukkan/contracts/common';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { openDatabase } from '../../db/client';
import { Readiness } from '../../lib/readiness';
import { useTestApp } from '../../test/test-app';

import { healthRoutes } from './routes';

const t = useTestApp();

describe('readiness (GET /api/ready, decision 0061)', () => {
  it('answers 200 ready, and 503 draining once the process was asked to stop, never cached', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // Liveness is another question: a draining process is alive.
    const readiness = new Readiness();
    const app = Fastify().withTypeProvider();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, { prefix: '/api', db: t.database.db, readiness });
    try {
      const starting = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(starting.statusCode).toBe(503);
      expect(NotReadyResponseSchema.parse(starting.json())).toMatchObject({ status: 'starting', code: 'NOT_READY' });
      readiness.markReady();
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      readiness.markDraining();
      readiness.markReady();
      const draining = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(NotReadyResponseSchema.parse(draining.json()).status).toBe('draining');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 unavailable while its database does not answer', async () => {
    const readiness = new Readiness();
    readiness.markReady();
    // A server nobody listens on.
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:9/none', poolSize: 1 });
    const app = Fastify().withTypeProvider();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, { prefix: '/api', db: database.db, readiness });
    try {
      const unavailable = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(unavailable.statusCode).toBe(503);
      expect(NotReadyResponseSchema.parse(unavailable.json())).toMatchObject({ status: 'unavailable', code: 'NOT_READY' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the HTTP shell', () => {
  it('answers GET /api/health with 200 {"status":"ok"}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthResponseSchema.parse(res.json())).toEqual({ status: 'ok' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    const traced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(traced.headers['x-request-id']).toBe('abc-123');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('answers a malformed JSON body with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(ErrorResponseSchema.parse(res.json()).message).toBeTruthy();
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?pageSize=50', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/categories/', '/api/product', '/api/product/{id}', '/api/product/category/{categoryName}', '/api/subcategories']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('serves every catalog image as SVG and 404s an unknown one', async () => {
    const products = (await t.app.inject({ method: 'GET', url: '/api/product?pageSize=5' })).json<{
      data: { images: string[] }[];
    }>();
    const image = products.data[0]!.images[1]!;
    const res = await t.app.inject({ method: 'GET', url: image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body.startsWith('<svg')).toBe(true);
    for (const url of ['/images/products/nope/0.svg', '/images/..%2f..%2fetc%2fpasswd']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
    }
    const malformed = await t.app.inject({ method: 'GET', url: '/images/products/%E0%A4%A/0.svg' });
    expect(malformed.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(malformed.json()).message).toBeTruthy();
  });

  it('serves the artwork as WebP at the stored width that serves ?w= (decision 0043), its proportions kept', async () => {
    const cases = [
      ['/images/products/grocery-fresh-bananas-bunch-of-6/0.svg?w=320', 320, 320],
      ['/images/products/grocery-fresh-bananas-bunch-of-6/0.svg?w=300', 320, 320],
      ['/images/categories/grocery.svg?w=160', 160, 160],
      ['/images/banners/home-hero.svg?w=1280', 1280, 400],
      ['/images/banners/home-hero.svg?w=9000', 1280, 400],
      ['/images/placeholder/product.svg?w=640', 640, 640],
    ] as const;
    for (const [url, width, height] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['webp', width, height]);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    // Another width is another picture, with its own tag; the SVG keeps its own.
    const small = await t.app.inject({ method: 'GET', url: '/images/categories/grocery.svg?w=320' });
    const svg = await t.app.inject({ method: 'GET', url: '/images/categories/grocery.svg' });
    expect(new Set([small.headers.etag, svg.headers.etag, (await t.app.inject({ method: 'GET', url: '/images/categories/grocery.svg?w=160' })).headers.etag]).size).toBe(3);
    for (const url of ['/images/categories/grocery.svg?w=abc', '/images/categories/grocery.svg?w=-1', '/images/categories/grocery.svg?w=123456']) {
      const bad = await t.app.inject({ method: 'GET', url });
      expect(bad.statusCode, url).toBe(400);
      expect(ErrorResponseSchema.parse(bad.json()).code).toBe('BAD_REQUEST');
    }
    expect((await t.app.inject({ method: 'GET', url: '/images/products/nope/0.svg?w=320' })).statusCode).toBe(404);
  });
});
