import { HealthResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';

import { checkDatabase } from './service';

/** `GET /api/health`: 200 once the server listens and its database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and readiness', response: { 200: HealthResponseSchema } } },
    async (_request, reply) => {
      await checkDatabase(db);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
};
