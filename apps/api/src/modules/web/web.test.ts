import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/test-app';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
let dist: string;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'dukkan-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), db: database.db, webDistDir: dist });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await database.destroy();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the storefront', () => {
  it.each(['/', '/Grocery', '/Patio&Garden', '/details/123', '/userprofile/address', '/no/such/page'])(
    'answers GET %s with index.html, revalidated every time',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('serves hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves translation files at /locales/{lng}/{ns}.json', async () => {
    for (const lng of ['en', 'ar']) {
      const res = await app.inject({ method: 'GET', url: `/locales/${lng}/common.json` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(() => JSON.parse(res.body) as unknown).not.toThrow();
    }
  });

  it('answers missing API-like paths with JSON 404s, never the page', async () => {
    for (const url of ['/api/nothing', '/locales/fr/common.json', '/images/none.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('does not let a path escape the web folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/../../../../etc/passwd' });
    expect(res.body).not.toMatch(/root:/);
    const encoded = await app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(encoded.body).not.toMatch(/root:/);
  });
});
