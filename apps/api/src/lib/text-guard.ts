import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * PostgreSQL's `text` cannot hold U+0000: the statement fails (22021) and, unchecked, the request
 * is a 500. An unpaired UTF-16 surrogate (JSON allows `"\ud800"`) is no character at all: both
 * drivers encode it as U+FFFD, so what is stored is not what was sent. Both are refused up front.
 */
// Without the `u` flag a regular expression sees UTF-16 code units, so the halves can be found.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a string PostgreSQL would refuse or change, as the end of a 400's message; `null` when it is fine. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

/** The first string in a request part that PostgreSQL cannot store: where it is and what is wrong. */
export interface UnstorableText {
  /** The field's path, dot-separated as validation errors name it (`items.0.name`); empty for the part itself. */
  field: string;
  problem: string;
}

/**
 * Walks strings in arrays and objects, keys included, without recursion (a 100 KB body can nest
 * tens of thousands of levels). Bytes (a webhook's raw Buffer) and numbers are passed over; the
 * objects are the parsed body, query and params (the router's, whose prototype is its own).
 */
export function findUnstorableText(value: unknown): UnstorableText | null {
  // Each entry links to its parent, so a deep path is spelled out only when it is reported.
  interface Entry {
    value: unknown;
    key: string | null;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry | null): string => {
    const keys: string[] = [];
    for (let e = entry; e; e = e.parent) if (e.key !== null) keys.push(e.key);
    return keys.reverse().join('.');
  };
  const pending: Entry[] = [{ value, key: null, parent: null }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const current = entry.value;
    if (typeof current === 'string') {
      const problem = unstorableTextProblem(current);
      if (problem) return { field: pathOf(entry), problem };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], key: String(i), parent: entry });
      continue;
    }
    if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) continue;
    const record = current as Record<string, unknown>;
    const keys = Object.keys(record);
    for (const key of keys) {
      const problem = unstorableTextProblem(key);
      // The key itself is the client's text: name where it is, not what it says.
      if (problem) return { field: pathOf(entry), problem: `a field name ${problem}` };
    }
    for (const key of keys.reverse()) pending.push({ value: record[key], key, parent: entry });
  }
  return null;
}

/** The request parts a route's schema validates, in the order they are checked, as Fastify names them. */
const PARTS = [
  ['params', (request: FastifyRequest) => request.params],
  ['querystring', (request: FastifyRequest) => request.query],
  ['body', (request: FastifyRequest) => request.body],
] as const;

/**
 * preValidation, app-wide: answers 400 `{ message: '<field>: must not contain …', code:
 * 'VALIDATION_ERROR', field, in }` (worded like the error handler's schema errors) when a path
 * parameter, the query or the parsed body holds text PostgreSQL cannot store. Headers are not
 * walked: Node refuses NUL in them, and the two that reach the database (`token`, `token2`) are
 * signed by us and checked before they are used.
 */
export function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (const [part, read] of PARTS) {
    const found = findUnstorableText(read(request));
    if (!found) continue;
    // An answer sent from a hook ends the request; `done` is not called then.
    void reply.code(400).send({ message: `${found.field || part}: ${found.problem}`, code: 'VALIDATION_ERROR', ...(found.field ? { field: found.field } : {}), in: part });
    return;
  }
  done();
}
