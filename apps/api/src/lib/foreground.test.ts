import { connect } from 'node:net';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { foregroundQuiet, foregroundRequests, trackForegroundRequests, treatAsBackground } from './foreground';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app whose `/slow` answers when `release` is called, and whose `/background` is background work. */
async function appWithSlowRoute() {
  const app = Fastify();
  apps.push(app);
  trackForegroundRequests(app);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/slow', async () => {
    await released;
    return { ok: true };
  });
  app.get('/background', async (request) => {
    treatAsBackground(request);
    await released;
    return { ok: true };
  });
  await app.ready();
  return { app, release };
}

describe('foreground requests', () => {
  it('lets background work wait until the requests in flight are answered', async () => {
    const { app, release } = await appWithSlowRoute();
    const answer = app.inject({ method: 'GET', url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(foregroundRequests()).toBe(1);
    let quiet = false;
    const waiting = foregroundQuiet(10_000).then(() => {
      quiet = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(quiet).toBe(false);
    release();
    await answer;
    await waiting;
    expect(quiet).toBe(true);
    expect(foregroundRequests()).toBe(0);
  });

  it('moves on after the longest wait even while requests keep it busy, and never counts background work', async () => {
    const { app, release } = await appWithSlowRoute();
    const background = app.inject({ method: 'GET', url: '/background' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(foregroundRequests()).toBe(0);
    const busy = app.inject({ method: 'GET', url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    await foregroundQuiet(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(foregroundRequests()).toBe(1);
    release();
    await Promise.all([background, busy]);
    expect(foregroundRequests()).toBe(0);
  });

  it('counts a request whose bytes arrived while the thread was busy, before the background work moves on', async () => {
    const { app, release } = await appWithSlowRoute();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const socket = connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answered = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.once('end', () => resolve(text));
    });
    try {
      socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      // This thread is busy (as during a statement of the embedded database) while the request arrives.
      const until = performance.now() + 30;
      while (performance.now() < until);
      expect(foregroundRequests()).toBe(0);
      let quiet = false;
      const waiting = foregroundQuiet(10_000).then(() => {
        quiet = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(foregroundRequests()).toBe(1);
      expect(quiet).toBe(false);
      release();
      expect(await answered).toContain('200 OK');
      await waiting;
      expect(quiet).toBe(true);
    } finally {
      release();
      socket.destroy();
    }
  });
});
