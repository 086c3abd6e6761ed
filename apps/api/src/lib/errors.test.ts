import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { answerFrameworkError, MAX_PATH_PARAMETER_LENGTH, refuseOverlongPathParts } from './errors';
import { LOG_REDACTION } from './log-redaction';

const EMAIL = 'layla.hassan@example.com';

type RouterConstraints = NonNullable<NonNullable<FastifyServerOptions['routerOptions']>['constraints']>;

/** A constraint whose lookup answers through a callback, failing when asked to. */
function failingConstraint(fails: boolean): RouterConstraints {
  const handlers = new Map<string, unknown>();
  const tenant = {
    name: 'tenant',
    storage: () => ({ get: (value: string) => handlers.get(value) ?? null, set: (value: string, handler: unknown) => void handlers.set(value, handler) }),
    validate: () => true,
    deriveConstraint: (_req: unknown, _ctx: unknown, done: (error: Error | null, value?: string) => void) => {
      done(fails ? new Error(`lookup failed for ${EMAIL}`) : null, 'a');
    },
  };
  // find-my-way's types know only the synchronous deriveConstraint; the asynchronous form (with
  // `done`) is the one whose failure the router reports as FST_ERR_ASYNC_CONSTRAINT.
  return { tenant } as unknown as RouterConstraints;
}

/** An app with the shop's framework-error answer and log redaction, its log lines kept. */
function appWithLog(strategy?: { deriveFails: boolean }) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'info', ...LOG_REDACTION, stream: { write: (line: string) => void lines.push(line) } },
    routerOptions: {
      maxParamLength: MAX_PATH_PARAMETER_LENGTH,
      // An asynchronous constraint whose lookup fails is the router's own error, one the shop has
      // no client answer for: it stands for any framework error that ends in a 500.
      ...(strategy ? { constraints: failingConstraint(strategy.deriveFails) } : {}),
    },
    frameworkErrors: answerFrameworkError,
  });
  app.get('/things/:id', () => ({ ok: true }));
  if (strategy) app.get('/tenant', { constraints: { tenant: 'a' } }, () => ({ ok: true }));
  return { app, lines };
}

describe('answerFrameworkError', () => {
  it(`answers a path parameter over ${MAX_PATH_PARAMETER_LENGTH} characters with the shop's 400, uncached, and logs no error`, async () => {
    const { app, lines } = appWithLog();
    const res = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(MAX_PATH_PARAMETER_LENGTH + 1)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid: a part of its path is longer than 200 characters', code: 'BAD_REQUEST' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: `/things/${'x'.repeat(MAX_PATH_PARAMETER_LENGTH)}` })).statusCode).toBe(200);
    await app.close();
    expect(lines.map((line) => (JSON.parse(line) as { level: number }).level).filter((level) => level >= 50)).toEqual([]);
  });

  it('answers a path the router cannot decode with the shop\'s 400', async () => {
    const { app } = appWithLog();
    const res = await app.inject({ method: 'GET', url: '/things/x%ED%A0%80y' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid', code: 'BAD_REQUEST' });
    await app.close();
  });

  it('logs one redacted error line with the request id for any other framework error, and answers the shop\'s 500', async () => {
    const { app, lines } = appWithLog({ deriveFails: true });
    const res = await app.inject({ method: 'GET', url: '/tenant', headers: { 'x-request-id': 'framework-500' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    await app.close();
    const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string; reqId: string; err?: { code?: string } }).filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'request failed', err: { code: 'FST_ERR_ASYNC_CONSTRAINT' } });
    expect(errors[0]?.reqId).toBe(res.headers['x-request-id']);
    expect(lines.join('\n')).not.toContain(EMAIL);
  });

  it('answers the same 400 when a wildcard route would take the over-long path (the built storefront\'s pages and files)', async () => {
    const { app, lines } = appWithLog();
    app.addHook('onRequest', refuseOverlongPathParts);
    app.get('/*', () => ({ page: true }));
    for (const url of [`/things/${'x'.repeat(MAX_PATH_PARAMETER_LENGTH + 1)}`, `/details/${'y'.repeat(5000)}?lng=ar`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: 'The address is not valid: a part of its path is longer than 200 characters', code: 'BAD_REQUEST' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A long query, or a long path of short parts, is not refused.
    expect((await app.inject({ method: 'GET', url: `/details/abc?q=${'z'.repeat(500)}` })).json()).toEqual({ page: true });
    expect((await app.inject({ method: 'GET', url: `/${'part/'.repeat(60)}end` })).json()).toEqual({ page: true });
    await app.close();
    expect(lines.map((line) => (JSON.parse(line) as { level: number }).level).filter((level) => level >= 50)).toEqual([]);
  });
});
