import { randomUUID } from 'node:crypto';

import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { Database } from './db/client';
import { registerErrorHandling } from './lib/errors';
import { ResponseCache } from './lib/response-cache';
import { catalogRoutes } from './modules/catalog/routes';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { searchRoutes } from './modules/search/routes';
import { webRoutes } from './modules/web/routes';
import { LOCALES_DIR, WEB_DIST_DIR } from './paths';

export interface AppOptions {
  db: Database;
  logLevel?: string;
  /** Where the built storefront is; defaults to apps/web/dist. */
  webDistDir?: string;
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * Builds the whole HTTP application without listening: server.ts listens, tests `inject`.
 * Every module is registered here, explicitly, under its prefix.
 */
export async function buildApp({ db, logLevel = 'info', webDistDir = WEB_DIST_DIR }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: logLevel,
      redact: ['req.headers.token', 'req.headers.token2', 'req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: 100 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        // MUI and Emotion insert <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
    // The shop is also served over plain http on 127.0.0.1; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Dukkan API',
        description: 'The storefront API. Errors are `{ message, code }` with a 4xx or 5xx status.',
        version: '0.1.0',
      },
      tags: [{ name: 'catalog' }, { name: 'search' }, { name: 'health' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const cache = new ResponseCache();
  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(catalogRoutes, { prefix: '/api', db, cache });
  await app.register(searchRoutes, { prefix: '/api', db, cache });
  await app.register(imageRoutes);
  await app.register(webRoutes, { distDir: webDistDir, localesDir: LOCALES_DIR });

  return app;
}
