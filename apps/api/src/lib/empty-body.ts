import type { FastifyInstance } from 'fastify';

/**
 * In the calling plugin's routes only: a JSON content type with an empty body counts as no body
 * (as if the content type were absent), instead of Fastify's 400. The spec's client sends its JSON
 * content type on every call, also on `POST /cart/{productId}` without a body and on the body-less
 * `PATCH` removals. Any non-empty body is parsed by Fastify's own JSON parser (same errors, same
 * prototype-poisoning protection).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    void parseJson(request, body, done);
  });
}
