import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { helmetHeaders, strictTransportSecurityFor } from './security-headers';

/** What @fastify/helmet itself sends with `options`, on a route of an app it is registered on. */
async function sentByThePlugin(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(fastifyHelmet, options);
  app.get('/', () => 'ok');
  const answer = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const plain = Fastify();
  plain.get('/', () => 'ok');
  const without = await plain.inject({ method: 'GET', url: '/' });
  await plain.close();
  // Helmet's are the headers a plain app does not send.
  return Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !(name in without.headers)).map(([name, value]) => [name, String(value)]));
}

describe('helmetHeaders', () => {
  it.each([
    ['the defaults', {}],
    [
      "the shop's policy on https",
      {
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc='"], styleSrc: ["'self'", "'unsafe-inline'"] } },
        strictTransportSecurity: strictTransportSecurityFor('https://shop.example.com'),
      },
    ],
    ['no HSTS on http', { strictTransportSecurity: strictTransportSecurityFor('http://127.0.0.1:3000') }],
  ] as [string, FastifyHelmetOptions][])('are what @fastify/helmet sends with %s', async (_name, options) => {
    const read = await helmetHeaders(options);
    expect(read).toEqual(await sentByThePlugin(options));
    expect(read['content-security-policy']).toBeTruthy();
  });
});
