import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { LOCALES_DIR } from '../../paths';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/test-app';
import { webRoutes } from '../web/routes';

import { adminWebRoutes } from './web-routes';

const ADMIN_INDEX = '<!doctype html><html><head><script type="module" src="/admin/assets/index-a1b2.js"></script></head><body><div id="root"></div></body></html>';
const SHOP_INDEX = '<!doctype html><html><body><div id="root">shop</div></body></html>';
let dir: string;
let app: FastifyInstance;

/** The storefront's pages and the back office side by side, as app.ts registers them. */
async function shopWithAdmin(adminDist: string): Promise<FastifyInstance> {
  const server = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await server.register(adminWebRoutes, { prefix: '/admin', distDir: adminDist });
  await server.register(webRoutes, { distDir: path.join(dir, 'web'), localesDir: LOCALES_DIR, renderWorkers: 0 });
  return server;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-admin-'));
  await mkdir(path.join(dir, 'admin', 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'web', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'admin', 'index.html'), ADMIN_INDEX);
  await writeFile(path.join(dir, 'admin', 'assets', 'index-a1b2.js'), 'console.log("admin")');
  await writeFile(path.join(dir, 'web', 'index.html'), SHOP_INDEX);
  app = await shopWithAdmin(path.join(dir, 'admin'));
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the back office at /admin', () => {
  it.each(['/admin', '/admin/', '/admin/sign-in', '/admin/products', '/admin/products/123', '/admin/setup?token=abc', '/admin/no/such/screen'])(
    'answers GET %s with its own index.html, noindex, revalidated every time',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(ADMIN_INDEX);
    },
  );

  it('serves its hashed assets for a year, noindex', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/assets/index-a1b2.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toBe('console.log("admin")');
  });

  it('answers a missing asset and a write with a JSON 404, noindex, never a page', async () => {
    for (const [method, url] of [
      ['GET', '/admin/assets/missing-123.js'],
      ['POST', '/admin/products'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('leaves the storefront its own pages and assets, without noindex', async () => {
    for (const url of ['/', '/administration', '/Grocery', '/details/123']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHOP_INDEX);
      expect(res.headers['x-robots-tag']).toBeUndefined();
    }
    // The back office's files exist only under /admin/assets/.
    expect((await app.inject({ method: 'GET', url: '/assets/index-a1b2.js' })).body).not.toContain('admin');
  });

  it('says the back office is not built when its folder is empty, still noindex, still not the shop', async () => {
    const unbuilt = await shopWithAdmin(path.join(dir, 'nothing-here'));
    try {
      for (const url of ['/admin', '/admin/products']) {
        const res = await unbuilt.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['x-robots-tag']).toBe('noindex');
        expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'NOT_FOUND' });
        expect(res.json<{ message: string }>().message).toContain('npm run build -w apps/admin');
      }
    } finally {
      await unbuilt.close();
    }
  });
});

describe('the whole app', () => {
  let database: TestDatabase;
  let shop: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    shop = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), db: database.db, webDistDir: path.join(dir, 'web') });
  });
  afterAll(async () => {
    await shop.close();
    await database.close();
    await database.destroy();
  });

  it('answers /admin/* from the back office (noindex, scripts from self only), not the storefront catch-all', async () => {
    const res = await shop.inject({ method: 'GET', url: '/admin/products' });
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).not.toBe(SHOP_INDEX);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect((await shop.inject({ method: 'GET', url: '/Grocery' })).body).toBe(SHOP_INDEX);
  });

  it('tells robots to stay out of /admin', async () => {
    const res = await shop.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body.split('\n')).toContain('Disallow: /admin');
  });
});
