import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';

// eslint-disable-next-line @typescript-eslint/require-await -- stub
export const adminCsvRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => undefined;
