import type { ErrorCode } from '@dukkan/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * An error whose message is safe and meant for the client, answered with its status; `field`, the
 * JSON path of the one input it refuses (`password`, `title.ar`), goes into the answer beside it.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string, code: ErrorCode = 'NOT_FOUND') => new HttpError(404, code, message);
/** A 400; with `field` when it refuses one input, which its message names too (`password: …`, `listPrice must be …`). */
export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', field?: string) => new HttpError(400, code, message, field);
export const unauthorized = (message: string, code: ErrorCode = 'UNAUTHORIZED') => new HttpError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN') => new HttpError(403, code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new HttpError(409, code, message);

/** A promotion refused (issue #35): 404 or 409 with its `PROMO_*` code, and for a minimum not met the dollars `missing`. */
export class PromoRefusedError extends HttpError {
  constructor(
    statusCode: 404 | 409,
    code: ErrorCode,
    message: string,
    readonly missing?: number,
  ) {
    super(statusCode, code, message);
  }
}

/** 429 with `Retry-After` (seconds): the error handler copies `retryAfterSeconds` into the header. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new TooManyRequestsError(message, retryAfterSeconds);

/** The SQLSTATE of a PostgreSQL error from either driver, wrapped by Drizzle or not; `undefined` for any other error. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // Five characters with a digit: 'EPIPE' and its kind are Node's, not PostgreSQL's.
    if (typeof code === 'string' && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation (23505), from either driver, wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * Text the database refused as text: a NUL (22021, character_not_in_repertoire) or a character
 * the database's encoding lacks (22P05). The text guard (text-guard.ts) refuses these before
 * they reach a statement; this is the net under it.
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);

/** Fastify's own client errors (bad JSON, too large a body, ...) and the message we give each. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** The longest path parameter the router takes (an id is 36 characters, a slug or a department's name far less). */
export const MAX_PATH_PARAMETER_LENGTH = 200;

const OVERLONG_PATH_MESSAGE = `The address is not valid: a part of its path is longer than ${MAX_PATH_PARAMETER_LENGTH} characters`;

/** The router's errors that are the client's, and the message each gets. */
const FRAMEWORK_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: OVERLONG_PATH_MESSAGE,
};

/**
 * Fastify's `frameworkErrors`: errors the router raises before any route or hook runs answer the
 * shop's error shape, not Fastify's own. A path it cannot decode (invalid UTF-8 such as
 * `%ED%A0%80`) and a path parameter over MAX_PATH_PARAMETER_LENGTH are the client's 400;
 * anything else is a 500 that is logged, redacted as every log line is (issue #32: the long
 * parameter was a 500 with no log line). No hook runs for these, so the headers a hook would
 * set are set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').header('x-request-id', request.id);
  const clientError = FRAMEWORK_CLIENT_ERRORS[error.code];
  if (clientError) {
    void reply.code(400).send({ message: clientError, code: 'BAD_REQUEST' });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
}

/**
 * onRequest hook: a path with a part over MAX_PATH_PARAMETER_LENGTH is the same 400 wherever it
 * goes. The router raises FST_ERR_MAX_PARAM_LENGTH only when no other route can take the path;
 * once the storefront is built, its wildcard routes (pages, static files) take it instead and
 * would answer a 404 or a page.
 */
export function refuseOverlongPathParts(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const query = request.url.indexOf('?');
  const path = query === -1 ? request.url : request.url.slice(0, query);
  if (path.length > MAX_PATH_PARAMETER_LENGTH && path.split('/').some((part) => part.length > MAX_PATH_PARAMETER_LENGTH)) {
    // An answer sent from a hook ends the request; `done` is not called then.
    void reply.code(400).header('cache-control', 'no-store').send({ message: OVERLONG_PATH_MESSAGE, code: 'BAD_REQUEST' });
    return;
  }
  done();
}

/**
 * The JSON path of the input a schema's first issue is about (`lines.0.quantity`), from its
 * JSON pointer (`/lines/0/quantity`); empty for the request part as a whole.
 */
function fieldOfInstancePath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * Every error leaves as `{ message, code }`, and a 400 that refuses one input with `field` too:
 * client mistakes with a 4xx status and a message that says what to fix, real faults as a 500
 * that reveals nothing and is logged with the request id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const missing = error instanceof PromoRefusedError && error.missing !== undefined ? { missing: error.missing } : {};
      return reply.code(error.statusCode).send({ message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}), ...missing });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first ? fieldOfInstancePath(first.instancePath) : '';
      const where = error.validationContext;
      const detail = first?.message ?? 'Invalid request';
      // The message names the field as clients have always read it: `value: must be …`, unless the schema's words do already.
      const message = field && !detail.includes(field.split('.').pop() ?? '') ? `${field}: ${detail}` : detail;
      return reply.code(400).send({ message, code: 'VALIDATION_ERROR', ...(field ? { field } : {}), ...(where ? { in: where } : {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_CLIENT_ERRORS[error.code] ?? error.message;
      return reply.code(status).send({ message, code: STATUS_CODES[status] ?? 'BAD_REQUEST' });
    }
    if (UNSTORABLE_TEXT_STATES.has(sqlState(error) ?? '')) {
      // A route the text guard did not cover: the client is told, the operator is warned.
      request.log.warn({ err: error }, 'text the database cannot store got past the text guard');
      return reply.code(400).send({ message: 'The request contains text that cannot be stored', code: 'VALIDATION_ERROR' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });
}
