import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the shop's log may carry (decision 0030): the shape of a failure — the statement with its
 * placeholders, the SQLSTATE, the constraint, the stack — and never the values a shopper sent or
 * the database holds: statement parameters, password hashes, tokens, reset links, card fields,
 * email addresses. Two layers: the `err` and `req` serializers below rebuild what they log from
 * an allow-list, and pino's `redact` censors known keys wherever a log call puts them.
 */

export const REDACTED = '[Redacted]';

/** Keys whose value is a secret or personal data, at the top of a log line or one level down. */
const SECRET_KEYS = [
  'email',
  'to',
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'token2',
  'resetToken',
  'link',
  'resetLink',
  'params',
  'parameters',
  'card',
  'cardNumber',
  'number',
  'cvc',
  'cvv',
  'expiry',
];

/** Keys holding a URL: kept, with the values of secret query parameters and any email taken out. */
const URL_KEYS = ['url', 'href', 'location', 'referer'];

/** pino `redact` paths: the request's credentials and every key above, top-level or one level down. */
export const LOG_REDACT_PATHS: string[] = [
  'req.headers.token',
  'req.headers.token2',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  ...[...SECRET_KEYS, ...URL_KEYS].flatMap((key) => [key, `*.${key}`]),
];

/** pino's `censor`: a URL keeps its shape (`redactText`), anything else is replaced whole. */
export function censorLogValue(value: unknown, path: string[]): unknown {
  const key = path[path.length - 1] ?? '';
  if (URL_KEYS.includes(key)) return typeof value === 'string' ? redactText(value) : REDACTED;
  return REDACTED;
}

const TEXT_SCRUBS: [RegExp, string][] = [
  // Drizzle's "Failed query: <sql>\nparams: <values>": the values may span lines, up to the stack.
  [/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${REDACTED}`],
  // PostgreSQL repeats a value it could not read: invalid input syntax for type uuid: "…".
  [/(invalid input (?:syntax|value) for[^:\n]*): [^\n]*/g, `$1: ${REDACTED}`],
  [/\$argon2(?:id|i|d)\$[\w$=,+/.-]+/g, '[hash]'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]+/g, '[token]'],
  [/([?&](?:token2?|reset_?token|key|secret|signature|password|session_id|code)=)[^&#\s"']*/gi, `$1${REDACTED}`],
  [/[\w.%+-]+@[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/gi, '[email]'],
];

/** Text with statement parameters, values PostgreSQL quotes, hashes, tokens, secret URL parameters and email addresses taken out. */
export function redactText(text: string): string {
  return TEXT_SCRUBS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/**
 * PostgreSQL's `detail` names the key and repeats its value ("Key (email)=(a@b.c) already
 * exists."): the columns and what went wrong are kept, the values never; any other detail is
 * dropped, since it may quote a row.
 */
export function redactDetail(detail: string): string {
  const key = /^(Key \([^)]*\)=)\(.*\)( (?:already exists|is not present in table "[^"]*"|is still referenced from table "[^"]*")\.)$/s.exec(detail);
  if (key) return `${key[1]}(${REDACTED})${key[2]}`;
  if (detail.startsWith('Failing row contains')) return `Failing row contains (${REDACTED}).`;
  return REDACTED;
}

/** Fields of a driver's or Fastify's error that name things, never values: kept as they are. */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType', 'position', 'file', 'line'] as const;
/** Fields of text that may quote values: kept through `redactText`. */
const TEXT_FIELDS = ['query', 'hint', 'validationContext'] as const;
const MAX_CAUSES = 5;

/** What the log shows of an error: its type, message, stack and naming fields, its causes; never parameters or quoted values. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  detail?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

/**
 * pino's `err` serializer, rebuilt from an allow-list instead of copying every property: Drizzle's
 * `DrizzleQueryError` carries `params` (and its message repeats them), PGlite's errors carry
 * `params` too, and PostgreSQL's `detail` and `where` quote values. The statement, the SQLSTATE,
 * the constraint and the stack stay, so an operator can still find the fault.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    const text = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
    return { type: typeof error, message: redactText(text), stack: '' };
  }
  const fields = error as unknown as Record<string, unknown>;
  const out: SerializedError = { type: error.constructor.name || error.name, message: redactText(error.message), stack: redactText(error.stack ?? '') };
  for (const key of SAFE_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  for (const key of TEXT_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string') out[key] = redactText(value);
  }
  if (typeof fields.detail === 'string') out.detail = redactDetail(fields.detail);
  if (depth < MAX_CAUSES) {
    if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) out.errors = (error.errors as unknown[]).slice(0, 10).map((e) => serializeError(e, depth + 1));
  }
  return out;
}

/** The request as Fastify hands it to the `req` serializer (its own request; typed as Node's). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** What the log shows of a request: Fastify's own fields, with the URL's secrets taken out (a reset link's `?token=`). */
export function serializeRequest(request: LoggedRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactText(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger options every logger of the API uses (the app's, and with it server.ts's): pass them
 * to Fastify's `logger` or to pino directly.
 */
export const LOG_REDACTION = {
  redact: { paths: LOG_REDACT_PATHS, censor: censorLogValue },
  serializers: { err: serializeError, req: serializeRequest },
};
