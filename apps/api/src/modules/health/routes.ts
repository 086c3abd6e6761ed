import { HealthResponseSchema } from '@dukkan/contracts/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';

/** `GET /api/health`: 200 once the server listens and its database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and readiness', response: { 200: HealthResponseSchema } } },
    async (_request, reply) => {
      await db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
};
