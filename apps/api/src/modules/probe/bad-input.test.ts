import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { sql } from 'drizzle-orm';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { products, users } from '../../db/schema';
import { serializeError } from '../../lib/log-redaction';
import { TEST_ADDRESS } from '../../test/shop-fixtures';
import { createTestStaff } from '../../test/staff-fixtures';
import { useTestApp, type JsonAnswer, type TestUser } from '../../test/test-app';

// Issue #19: a NUL (or any text PostgreSQL cannot store) is a 400 naming the field on every
// route, and nothing a client sends makes a 500; a 500's log line carries no values.
const t = useTestApp();
const NUL = 'x\u0000y';
const LONE_SURROGATE = 'x\ud800y';
const NUL_MESSAGE = /^(.+): must not contain a NUL character \(U\+0000\)$/;

let shopper: TestUser;
let productId: string;
beforeAll(async () => {
  shopper = await t.createUser({ name: 'Probe Shopper' });
  const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
});

type Part = 'params' | 'querystring' | 'body';

/** One request that puts bad text in one field of one route. */
interface Probe {
  method: string;
  /** The route as the OpenAPI document names it. */
  route: string;
  part: Part;
  /** The field's dotted path, as the 400 must name it. */
  field: string;
  request(bad: string): { url: string; body?: unknown };
}

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

/** The string leaves of a JSON schema, as dotted paths (an array's items under `0`). */
function stringFields(doc: OpenAPIV3.Document, schema: Schema | undefined, path: string[] = [], seen = new Set<Schema>()): string[][] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  if ('$ref' in schema) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return stringFields(doc, doc.components?.schemas?.[name], path, seen);
  }
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (alternatives.length > 0) {
    const found = alternatives.flatMap((alternative) => stringFields(doc, alternative, path, seen));
    return [...new Map(found.map((p) => [p.join('.'), p])).values()];
  }
  if (schema.type === 'object' || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => stringFields(doc, property, [...path, key], seen));
  }
  if (schema.type === 'array') return stringFields(doc, schema.items, [...path, '0'], seen);
  return schema.type === 'string' ? [path] : [];
}

/** `{ a: { 0: { b: value } } }` spelt as JSON: arrays where the path has an index. */
function bodyWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return /^\d+$/.test(head) ? [inner] : { [head]: inner };
}

/** Every route's every string field of its path, query and JSON body, from the OpenAPI document the contracts generate. */
function probesOf(doc: OpenAPIV3.Document): Probe[] {
  const probes: Probe[] = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const pathValues: Record<string, string> = {};
      for (const p of parameters.filter((p) => p.in === 'path')) {
        // The shopper's own id where the route is about an account, so it gets past the owner check.
        pathValues[p.name] = p.name === 'productId' ? productId : p.name === 'categoryName' ? 'Electronics' : shopper.id;
      }
      const urlWith = (params: Record<string, string>, query = '') =>
        route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '')) + query;
      for (const p of parameters) {
        if (p.in === 'path') {
          probes.push({ method, route, part: 'params', field: p.name, request: (bad) => ({ url: urlWith({ ...pathValues, [p.name]: bad }) }) });
        } else if (p.in === 'query' && stringFields(doc, p.schema).length > 0) {
          probes.push({ method, route, part: 'querystring', field: p.name, request: (bad) => ({ url: urlWith(pathValues, `?${p.name}=${encodeURIComponent(bad)}`) }) });
        }
      }
      const body = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json']?.schema;
      for (const path of stringFields(doc, body)) {
        probes.push({ method, route, part: 'body', field: path.join('.'), request: (bad) => ({ url: urlWith(pathValues), body: bodyWith(path, bad) }) });
      }
    }
  }
  return probes;
}

/** The back office's routes are sent by an owner (with the XSRF token), the rest by a shopper. */
let ownerHeaders: Record<string, string> | undefined;
const send = async (method: string, url: string, body?: unknown): Promise<JsonAnswer> => {
  const withBody = body !== undefined ? { body } : {};
  if (url.startsWith('/api/admin')) {
    ownerHeaders ??= (await createTestStaff(t.database.db, 'owner')).headers;
    return t.request(method.toUpperCase(), url, { headers: ownerHeaders, ...withBody });
  }
  return t.request(method.toUpperCase(), url, { as: shopper, ...withBody });
};

/**
 * Routes about the account in their path check it is the caller's own before anything is read
 * (`requireOwnAccount`, onRequest); every other id, a bad one included, is refused there, never
 * reaching the database, and a stranger learns nothing from a validation message.
 */
const ownerChecked = (probe: Probe) => probe.part === 'params' && probe.field === 'id' && probe.route.startsWith('/api/users/');

const errorLines = () => t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe('text PostgreSQL cannot store', () => {
  it('is a 400 naming the field (in its message and in `field`) on every route, for every string field of its path, query and body', async () => {
    const probes = probesOf(t.app.swagger() as OpenAPIV3.Document);
    // The document covers the API: if it shrank, the probe would pass without probing.
    expect(probes.length).toBeGreaterThan(40);
    for (const part of ['params', 'querystring', 'body'] as const) expect(probes.some((p) => p.part === part)).toBe(true);
    const errorsBefore = errorLines().length;
    const wrong: string[] = [];
    for (const probe of probes) {
      const { url, body } = probe.request(NUL);
      const res = await send(probe.method, url, body);
      const named = `${probe.field}: must not contain a NUL character (U+0000)`;
      const parsed = ErrorResponseSchema.safeParse(res.body);
      if (ownerChecked(probe)) {
        if (res.status !== 404) wrong.push(`${probe.method.toUpperCase()} ${probe.route} ${probe.field}: ${res.status}, not refused as another account`);
        continue;
      }
      if (res.status !== 400 || !parsed.success || parsed.data.code !== 'VALIDATION_ERROR' || parsed.data.message !== named || parsed.data.field !== probe.field) {
        wrong.push(`${probe.method.toUpperCase()} ${probe.route} ${probe.part} ${probe.field}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(errorLines().slice(errorsBefore)).toEqual([]);
  });

  it('is never a 5xx, an unpaired surrogate included (a 400 naming the field in a JSON body)', async () => {
    const wrong: string[] = [];
    for (const probe of probesOf(t.app.swagger() as OpenAPIV3.Document)) {
      // A URL cannot carry an unpaired surrogate, only its UTF-8 bytes, which are invalid: a path
      // with them is refused (400) by the router, a query keeps them as text PostgreSQL can store.
      const { url, body } = probe.part === 'body' ? probe.request(LONE_SURROGATE) : probe.request('SURROGATE');
      const res = await send(probe.method, url.replace('SURROGATE', 'x%ED%A0%80y'), body);
      const message = (res.body as { message?: unknown } | undefined)?.message;
      const refused =
        probe.part === 'querystring'
          ? res.status < 500
          : probe.part === 'params'
            ? res.status >= 400 && res.status < 500
            : res.status === 400 && message === `${probe.field}: must not contain an unpaired UTF-16 surrogate`;
      if (!refused) {
        wrong.push(`${probe.method.toUpperCase()} ${probe.route} ${probe.part} ${probe.field}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['a sign-up name', 'POST', '/api/users/signup', () => ({ name: `Layla${NUL}`, email: 'nul-name@example.com', password: 'a-Long-test-passphrase-7' }), 'name'],
    ['a sign-up email', 'POST', '/api/users/signup', () => ({ name: 'Layla', email: `nul${NUL}@example.com`, password: 'a-Long-test-passphrase-7' }), 'email'],
    ['a sign-in email', 'POST', '/api/users/signin', () => ({ email: `nul${NUL}@example.com`, password: 'whatever' }), 'email'],
    ['a forgot-password email', 'POST', '/api/users/forgot-password', () => ({ email: `nul${NUL}@example.com` }), 'email'],
    ['a profile name', 'PUT', '/api/users/{id}', () => ({ name: `Layla${NUL}` }), 'name'],
    ['an address street', 'PUT', '/api/users/address/{id}', () => [{ ...TEST_ADDRESS, street: `Tahrir${NUL}` }], '0.street'],
  ])('that the probe found in %s is a 400 naming it', async (_, method, route, body, field) => {
    const res = await send(method, route.replace('{id}', shopper.id), body());
    expect(res.status).toBe(400);
    expect(ErrorResponseSchema.parse(res.body)).toEqual({ message: `${field}: must not contain a NUL character (U+0000)`, code: 'VALIDATION_ERROR', field });
  });

  it('in GET /api/product/category/%00, without signing in, is a 400 naming the path parameter', async () => {
    const res = await t.get('/api/product/category/%00');
    expect(res.status).toBe(400);
    expect(ErrorResponseSchema.parse(res.body)).toEqual({ message: 'categoryName: must not contain a NUL character (U+0000)', code: 'VALIDATION_ERROR', field: 'categoryName' });
  });

  it('in a path the router cannot decode is a 400 in the shop\'s error shape', async () => {
    for (const url of ['/api/product/category/x%ED%A0%80y', '/details/%E0%A4%A', '/api/cart/%FF']) {
      const res = await t.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ message: 'The address is not valid', code: 'BAD_REQUEST' });
    }
  });

  it("in the storefront's pages, the card page and the other routes outside the API document is a 400, never a page or a 5xx", async () => {
    const wrong: string[] = [];
    const cases: [string, string, string?][] = [
      ['GET', '/details/%00'],
      ['GET', '/category/Electronics%00'],
      ['GET', '/search?q=%00'],
      ['GET', '/reset-password?token=%00'],
      ['GET', '/%00'],
      ['GET', '/api/%00'],
      ['GET', '/images/products/%00/0.svg'],
      ['GET', '/locales/en/%00.json'],
      ['GET', '/sitemaps/%00.xml'],
      ['GET', '/pay/%00'],
      ['POST', '/pay/%00/cancel'],
      ['POST', '/pay/sandbox-session', 'name=Layla&number=4242424242424242&expiry=12%2F30&cvc=1%002'],
    ];
    for (const [method, url, form] of cases) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        ...(form ? { payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
      });
      const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.json<{ message?: string; code?: string }>() : undefined;
      if (res.statusCode !== 400 || body?.code !== 'VALIDATION_ERROR' || !NUL_MESSAGE.test(body.message ?? '')) wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('an over-long path parameter (issue #32)', () => {
  const LONG_PARAMETER = /^The address is not valid: a part of its path is longer than 200 characters$/;

  it('is a 400 in the shop\'s error shape on every route of the API document, never a 5xx, and logs no error', async () => {
    const probes = probesOf(t.app.swagger() as OpenAPIV3.Document).filter((probe) => probe.part === 'params');
    // Every route with an id in its path: the cart's, the orders', the back office's...
    expect(probes.length).toBeGreaterThan(25);
    const errorsBefore = errorLines().length;
    const wrong: string[] = [];
    for (const probe of probes) {
      for (const length of [201, 5000]) {
        const { url, body } = probe.request('a'.repeat(length));
        const res = await send(probe.method, url, body ?? (probe.method === 'get' || probe.method === 'delete' ? undefined : {}));
        const parsed = ErrorResponseSchema.safeParse(res.body);
        if (res.status !== 400 || !parsed.success || parsed.data.code !== 'BAD_REQUEST' || !LONG_PARAMETER.test(parsed.data.message)) {
          wrong.push(`${probe.method.toUpperCase()} ${probe.route} ${probe.field} (${length}): ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(errorLines().slice(errorsBefore)).toEqual([]);
  });

  it('is a 400 without signing in on the routes the probe found (POST and PATCH of the cart, an admin route), uncached', async () => {
    const long = 'a'.repeat(201);
    for (const [method, url] of [
      ['POST', `/api/cart/${long}`],
      ['PATCH', `/api/cart/${long}`],
      ['GET', `/api/admin/orders/${long}`],
      ['PATCH', `/api/admin/products/${long}`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(ErrorResponseSchema.parse(res.json())).toEqual({ message: expect.stringMatching(LONG_PARAMETER) as unknown, code: 'BAD_REQUEST' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("is never a 5xx on the storefront's pages, the card page and the other routes outside the API document", async () => {
    const long = 'b'.repeat(201);
    const wrong: string[] = [];
    for (const [method, url] of [
      ['GET', `/details/${long}`],
      ['GET', `/${long}`],
      ['GET', `/images/products/${long}/0.svg`],
      ['GET', `/locales/en/${long}.json`],
      ['GET', `/sitemaps/${long}.xml`],
      ['GET', `/pay/${long}`],
      ['POST', `/pay/${long}/cancel`],
      ['GET', `/admin/${long}`],
      ['GET', `/api/${long}`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      if (res.statusCode >= 500 || res.statusCode < 400) wrong.push(`${method} ${url.slice(0, 40)}…: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('a 500 in the log', () => {
  // A fault in the database itself, on the real sign-up statement: its values are a new
  // account's name, email and argon2 hash, and the error's detail repeats the email.
  const faultFunction = (errcode: string) =>
    sql.raw(`create or replace function probe_fault() returns trigger language plpgsql as $$
      begin
        raise exception 'injected fault' using errcode = '${errcode}', detail = 'Key (email)=(' || new.email || ') already exists.';
      end $$`);
  const injectFault = async () => {
    await t.database.db.execute(faultFunction('XX000'));
    await t.database.db.execute(sql.raw('create trigger probe_fault before insert on users for each row execute function probe_fault()'));
  };
  const removeFault = async () => {
    await t.database.db.execute(sql.raw('drop trigger probe_fault on users'));
    await t.database.db.execute(sql.raw('drop function probe_fault()'));
  };
  beforeAll(injectFault);
  afterAll(removeFault);

  it('names the statement, the SQLSTATE and the request, and carries no parameters, hash, password or email', async () => {
    const email = 'fault.victim@example.com';
    const password = 'a-Long-fault-passphrase-9';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      headers: { 'x-request-id': 'probe-500' },
      payload: { name: 'Fault Victim', email, password },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });

    const lines = t.logs.filter((line) => line.includes('"probe-500"'));
    const failed = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request failed');
    expect(failed).toMatchObject({
      level: 50,
      reqId: 'probe-500',
      err: {
        type: 'DrizzleQueryError',
        message: expect.stringMatching(/^Failed query: insert into "users" .*\nparams: \[Redacted\]$/s) as unknown,
        query: expect.stringContaining('insert into "users"') as unknown,
        cause: { message: 'injected fault', code: 'XX000', detail: 'Key (email)=([Redacted]) already exists.' },
      },
    });
    const text = lines.join('\n');
    for (const secret of [email, password, '$argon2', 'argon2id', 'Fault Victim']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"params"|params: (?!\[Redacted\])/);
  });

  it('is a 400 instead when the database refused text the guard let through, and warns the operator', async () => {
    await t.database.db.execute(faultFunction('22021'));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        headers: { 'x-request-id': 'probe-22021' },
        payload: { name: 'Net Case', email: 'net.case@example.com', password: 'a-Long-fault-passphrase-9' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request contains text that cannot be stored', code: 'VALIDATION_ERROR' });
      const lines = t.logs.filter((line) => line.includes('"probe-22021"')).map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.find((line) => line.level === 40)?.msg).toBe('text the database cannot store got past the text guard');
      expect(lines.some((line) => line.level >= 50)).toBe(false);
      expect(lines.map((line) => JSON.stringify(line)).join('\n')).not.toContain('net.case@example.com');
    } finally {
      await t.database.db.execute(faultFunction('XX000'));
    }
  });

  it("keeps a real duplicate key's constraint and columns, not its value, from either database", async () => {
    await removeFault();
    try {
      const error = await t.database.db
        .insert(users)
        .values({ name: 'Twin', email: shopper.email, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' })
        .then(() => null, (e: unknown) => e);
      const out = serializeError(error);
      const text = JSON.stringify(out);
      expect(text).not.toContain(shopper.email);
      expect(text).not.toContain('argon2');
      expect(text).not.toContain('Twin');
      expect(out.cause).toMatchObject({ code: '23505', detail: 'Key (email)=([Redacted]) already exists.' });
    } finally {
      await injectFault();
    }
  });
});
