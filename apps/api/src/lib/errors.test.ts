import { ErrorResponseSchema } from '@dukkan/contracts/common';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { answerFrameworkError, badRequest, MAX_PATH_PARAMETER_LENGTH, refuseOverlongPathParts, registerErrorHandling } from './errors';
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

describe('registerErrorHandling: the 400 names the input it refuses', () => {
  /** An app with the shop's error answers, a route whose body a schema checks, and one whose service refuses a field. */
  function appWithSchema() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const body = z.object({
      lines: z.array(z.object({ quantity: z.number().int().min(1, { message: 'quantity must be a whole number from 1' }) })),
      note: z.string().regex(/^\w*$/, { message: 'must be letters and digits' }).optional(),
    });
    app.post('/lines', { schema: { body, response: { 200: z.object({ ok: z.literal(true) }), 400: ErrorResponseSchema } } }, () => ({ ok: true as const }));
    app.post('/password', { schema: { response: { 400: ErrorResponseSchema } } }, () => {
      throw badRequest('password: this password is too common. Please choose a less common one.', 'COMMON_PASSWORD', 'password');
    });
    return app;
  }

  it('by its JSON path in `field`, and in the message as clients read it (`note: must be …` when the schema\'s words do not)', async () => {
    const app = appWithSchema();
    const nested = await app.inject({ method: 'POST', url: '/lines', payload: { lines: [{ quantity: 2 }, { quantity: 0 }] } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ message: 'quantity must be a whole number from 1', code: 'VALIDATION_ERROR', field: 'lines.1.quantity' });
    const named = await app.inject({ method: 'POST', url: '/lines', payload: { lines: [], note: 'two words' } });
    expect(named.json()).toEqual({ message: 'note: must be letters and digits', code: 'VALIDATION_ERROR', field: 'note' });
    await app.close();
  });

  it('passes on the field a service names (`badRequest(message, code, field)`), and gives none for a 400 about no one input', async () => {
    const app = appWithSchema();
    const refused = await app.inject({ method: 'POST', url: '/password' });
    expect(refused.json()).toEqual({ message: 'password: this password is too common. Please choose a less common one.', code: 'COMMON_PASSWORD', field: 'password' });
    const notJson = await app.inject({ method: 'POST', url: '/lines', headers: { 'content-type': 'application/json' }, payload: '{"lines": [' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
    await app.close();
  });
});
