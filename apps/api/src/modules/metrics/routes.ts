import type { FastifyPluginAsync } from 'fastify';

import { notFound } from '../../lib/errors';
import type { Metrics } from '../../lib/metrics';

/**
 * `GET /metrics` (issue #37, decision 0061): this process's series in Prometheus' text format.
 * Read on each process's own port; HAProxy answers the path 404, so the public address never
 * shows it. Outside the OpenAPI document: it is no part of the shop's API.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics }> = async (app, { metrics }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // A request HAProxy passed on names its client in X-Forwarded-For: whatever spelling of the
    // path got past HAProxy's rule (`/%6Detrics`), the metrics are not the public's.
    if (request.headers['x-forwarded-for'] !== undefined) throw notFound('Not found');
    const text = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
};
