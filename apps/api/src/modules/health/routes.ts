import { HealthResponseSchema, NotReadyResponseSchema, ReadyResponseSchema, type NotReadyResponse } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import type { Readiness } from '../../lib/readiness';

import { checkDatabase, databaseAnswers } from './service';

/** How long `GET /api/ready` waits for `select 1` before it calls the database unreachable. */
const READY_DATABASE_TIMEOUT_MS = 1_000;

const NOT_READY_MESSAGES: Record<NotReadyResponse['status'], string> = {
  starting: 'This process is starting',
  draining: 'This process is stopping and takes no new requests',
  unavailable: 'This process cannot reach its database',
};

/**
 * `GET /api/health`: liveness — 200 once the server listens and its database answers.
 * `GET /api/ready` (issue #37): whether the load balancer should send this process requests.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; readiness: Readiness }> = async (app, { db, readiness }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: HealthResponseSchema } } },
    async (_request, reply) => {
      await checkDatabase(db);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      // HAProxy asks every process twice a second: a log line each time would bury the rest.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: 503 while the process starts, drains or cannot reach its database',
        response: { 200: ReadyResponseSchema, 503: NotReadyResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const phase = readiness.phase;
      const status: NotReadyResponse['status'] | 'ready' =
        phase !== 'ready' ? phase : (await databaseAnswers(db, READY_DATABASE_TIMEOUT_MS)) ? 'ready' : 'unavailable';
      if (status === 'ready') return { status };
      return reply.code(503).send({ status, message: NOT_READY_MESSAGES[status], code: 'NOT_READY' as const });
    },
  );
};
