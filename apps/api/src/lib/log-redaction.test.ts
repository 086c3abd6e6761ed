import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { LOG_REDACTION, redactDetail, redactText, serializeError } from './log-redaction';

const EMAIL = 'layla.hassan@example.com';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IjEyMyJ9.c2lnbmF0dXJlc2lnbmF0dXJl';

/** What node-postgres (and PGlite, which adds the statement and its values) throws for a duplicate email. */
function duplicateEmailError(): Error {
  const pg = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
    name: 'error',
    code: '23505',
    severity: 'ERROR',
    detail: `Key (email)=(${EMAIL}) already exists.`,
    where: `unnamed portal parameter $2 = '${EMAIL}'`,
    table: 'users',
    constraint: 'users_email_idx',
    routine: '_bt_check_unique',
    query: 'insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)',
    params: ['Layla', EMAIL, HASH],
  });
  return new DrizzleQueryError('insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)', ['Layla\nHassan', EMAIL, HASH], pg);
}

describe('serializeError', () => {
  it("keeps a database error's statement, SQLSTATE, constraint and stack, and drops its parameters and values", () => {
    const out = serializeError(duplicateEmailError());
    const text = JSON.stringify(out);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('layla');
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('Hassan');
    expect(text).not.toMatch(/"params"|"where"/);

    expect(out.type).toBe('DrizzleQueryError');
    expect(out.message).toBe('Failed query: insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)\nparams: [Redacted]');
    expect(out.stack).toMatch(/^Error: Failed query: insert into "users".*\nparams: \[Redacted\]\n {4}at /);
    expect(out.query).toBe('insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)');
    expect(out.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_email_idx"',
      code: '23505',
      severity: 'ERROR',
      table: 'users',
      constraint: 'users_email_idx',
      routine: '_bt_check_unique',
      detail: 'Key (email)=([Redacted]) already exists.',
    });
  });

  it('takes values out of messages PostgreSQL and others write with them', () => {
    expect(serializeError(new Error('invalid input syntax for type uuid: "secret-value"')).message).toBe('invalid input syntax for type uuid: [Redacted]');
    expect(serializeError(new Error(`no user ${EMAIL} with ${HASH} or ${JWT}`)).message).toBe('no user [email] with [hash] or [token]');
    expect(serializeError('plain string thrown').message).toBe('plain string thrown');
  });

  it('follows causes and aggregate errors, to a limit', () => {
    const inner = new Error(`connect failed for ${EMAIL}`);
    const out = serializeError(new AggregateError([inner, new Error('second')], 'all failed', { cause: inner }));
    expect(out.errors?.map((e) => e.message)).toEqual(['connect failed for [email]', 'second']);
    expect(out.cause?.message).toBe('connect failed for [email]');
    let chain: Error = new Error('root');
    for (let i = 0; i < 20; i++) chain = new Error(`level ${i}`, { cause: chain });
    expect(JSON.stringify(serializeError(chain))).not.toContain('root');
  });
});

describe('redactDetail and redactText', () => {
  it("keep a key's columns and the failure, never the values, and drop any other detail", () => {
    expect(redactDetail('Key (email)=(a@b.c) already exists.')).toBe('Key (email)=([Redacted]) already exists.');
    expect(redactDetail('Key (user_id, product_id)=(1, (2)) is not present in table "users".')).toBe(
      'Key (user_id, product_id)=([Redacted]) is not present in table "users".',
    );
    expect(redactDetail('Failing row contains (1, Layla, a@b.c).')).toBe('Failing row contains ([Redacted]).');
    expect(redactDetail('Token "x" is invalid.')).toBe('[Redacted]');
  });

  it("keeps a URL's path and takes out secret query values and emails", () => {
    expect(redactText('/reset-password?token=abc123&lng=ar')).toBe('/reset-password?token=[Redacted]&lng=ar');
    expect(redactText(`/search?q=${EMAIL}`)).toBe('/search?q=[email]');
    expect(redactText('/api/product/category/Electronics?page=2')).toBe('/api/product/category/Electronics?page=2');
    // Stack frames under node_modules/@scope are not addresses.
    expect(redactText('at file:///app/node_modules/@fastify/static/index.js:1:1')).toBe('at file:///app/node_modules/@fastify/static/index.js:1:1');
  });
});

describe("the logger's redaction", () => {
  it('censors credentials, emails, hashes, reset links and card fields wherever a log call puts them', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', ...LOG_REDACTION, stream: { write: (line: string) => void lines.push(line) } } });
    app.log.info({ file: '/data/mail/x.eml', to: EMAIL, subject: 'Reset your password' }, 'mail written');
    app.log.info({ user: { email: EMAIL, passwordHash: HASH, token: JWT }, link: 'https://shop/reset-password?token=abc' }, 'nested');
    app.log.warn({ card: { number: '4242424242424242' }, cvc: '123', expiry: '12/30', url: '/reset-password?token=abc&lng=en' }, 'card page');
    app.log.error(duplicateEmailError(), 'logged as the first argument');
    await app.close();
    const text = lines.join('\n');
    for (const secret of [EMAIL, HASH, JWT, '4242', '"123"', '12/30', 'token=abc']) expect(text).not.toContain(secret);
    const [mail, nested, card] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(mail).toMatchObject({ to: '[Redacted]', subject: 'Reset your password', file: '/data/mail/x.eml' });
    expect(nested).toMatchObject({ user: { email: '[Redacted]', passwordHash: '[Redacted]', token: '[Redacted]' }, link: '[Redacted]' });
    expect(card).toMatchObject({ card: '[Redacted]', cvc: '[Redacted]', url: '/reset-password?token=[Redacted]&lng=en' });
  });
});
