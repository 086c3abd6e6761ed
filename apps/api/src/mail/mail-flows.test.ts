import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { CheckoutSessionResponseSchema, PlaceOrderResponseSchema } from '@dukkan/contracts/orders';
import { RESET_REQUESTED_MESSAGE, SignInResponseSchema, UserResponseSchema } from '@dukkan/contracts/users';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app';
import { passwordResets } from '../db/schema';
import { FailureLimiter } from '../lib/failure-limiter';
import { productSupply, TEST_ADDRESS } from '../test/shop-fixtures';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/test-app';

import { Mailer } from './mailer';

let app: FastifyInstance;
let database: TestDatabase;
let mailer: Mailer;
let limiter: FailureLimiter;
let mailDir = '';

beforeAll(async () => {
  database = await createTestDatabase();
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-mail-flows-'));
  limiter = FailureLimiter.create({ keyPrefix: `test:${randomBytes(6).toString('hex')}` });
  const config = testConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://shop.example' });
  mailer = new Mailer({ smtpUrl: undefined, from: config.mailFrom, mailDir, log: Fastify({ logger: { level: 'silent' } }).log });
  app = await buildApp({ config, db: database.db, limiter, mailer });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  mailer.close();
  await limiter.close();
  await database.close();
  await database.destroy();
  await rm(mailDir, { recursive: true, force: true });
});

async function call(method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method, url, headers, ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}) });
  return { status: res.statusCode, body: res.body ? (res.json<unknown>()) : undefined, headers: res.headers };
}

/** The messages written for `to`, oldest first, once the outbox has delivered what is due: parsed. */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  await app.outbox.drain();
  const files = (await readdir(mailDir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(mailDir, file)))));
  return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((address) => address?.text === to));
}

/** The reset link's token in a message's text part. */
function resetTokenOf(mail: ParsedMail | undefined): string {
  const match = /https:\/\/shop\.example\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link in:\n${mail?.text}`);
  return match[1];
}

let counter = 0;
async function newShopper(password = 'a-Long-test-passphrase-7') {
  counter += 1;
  const email = `mail-${counter}-${randomBytes(3).toString('hex')}@example.com`;
  expect((await call('POST', '/api/users/signup', { name: 'Mona Adel', email, password })).status).toBe(201);
  const signIn = SignInResponseSchema.parse((await call('POST', '/api/users/signin', { email, password })).body);
  return { email, password, token: signIn.token, id: signIn.data._id };
}

describe('password reset', () => {
  it('mails a single-use link to an account, ends every session with the new password, and says the same for an unknown email', async () => {
    const shopper = await newShopper();
    const asked = await call('POST', '/api/users/forgot-password', { email: shopper.email.toUpperCase() });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const unknown = await call('POST', '/api/users/forgot-password', { email: `nobody-${randomBytes(3).toString('hex')}@example.com` });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(asked.body);

    const [mail, ...more] = await mailsTo(shopper.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Reset your Dukkan password');
    expect(mail?.html).toContain('/reset-password?token=');
    const token = resetTokenOf(mail);
    // Only its hash is stored.
    const stored = await database.db.select({ hash: passwordResets.tokenHash }).from(passwordResets);
    expect(stored.some((row) => row.hash === token)).toBe(false);

    const newPassword = 'a-Brand-new-passphrase-8';
    const reset = await call('POST', '/api/users/reset-password', { token, password: newPassword });
    expect(reset.status).toBe(200);
    expect((await call('GET', `/api/users/${shopper.id}`, undefined, { token: shopper.token })).status).toBe(401);
    expect((await call('POST', '/api/users/signin', { email: shopper.email, password: shopper.password })).status).toBe(401);
    expect((await call('POST', '/api/users/signin', { email: shopper.email, password: newPassword })).status).toBe(200);

    const again = await call('POST', '/api/users/reset-password', { token, password: 'yet-another-passphrase-9' });
    expect(again.status).toBe(400);
    expect(ErrorResponseSchema.parse(again.body).code).toBe('INVALID_RESET_LINK');
  });

  it('refuses an expired link, a superseded one, a made-up one and a common password', async () => {
    const shopper = await newShopper();
    await call('POST', '/api/users/forgot-password', { email: shopper.email });
    const first = resetTokenOf((await mailsTo(shopper.email))[0]);
    await call('POST', '/api/users/forgot-password', { email: shopper.email });
    const second = resetTokenOf((await mailsTo(shopper.email))[1]);

    const refused = async (token: string, password = 'a-Fine-passphrase-10') => {
      const res = await call('POST', '/api/users/reset-password', { token, password });
      expect(res.status).toBe(400);
      return ErrorResponseSchema.parse(res.body).code;
    };
    expect(await refused(first)).toBe('INVALID_RESET_LINK');
    expect(await refused('x'.repeat(43))).toBe('INVALID_RESET_LINK');
    expect(await refused(second, 'password')).toBe('COMMON_PASSWORD');

    await database.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResets.userId, shopper.id));
    expect(await refused(second)).toBe('INVALID_RESET_LINK');
    expect((await call('POST', '/api/users/signin', { email: shopper.email, password: shopper.password })).status).toBe(200);
  });

  it('limits requests per email', async () => {
    const shopper = await newShopper();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await call('POST', '/api/users/forgot-password', { email: shopper.email })).status);
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await mailsTo(shopper.email)).toHaveLength(10);
  });
});

describe('order confirmation', () => {
  it('mails the shopper, in the language of the order, its lines, the amount as the shop shows it, the address and its link once paid', async () => {
    const shopper = await newShopper();
    const supply = productSupply(() => database.db);
    const [product] = await supply.take(1, { stock: 10, priceCents: 2499 });
    const book = UserResponseSchema.parse((await call('PUT', `/api/users/address/${shopper.id}`, [TEST_ADDRESS], { token: shopper.token })).body);
    const placed = await call(
      'POST',
      '/api/orders',
      { items: [{ _id: product, quantity: 2 }], shippingAddress: { _id: book.data.addressBook[0]!._id } },
      { token: shopper.token, lng: 'ar' },
    );
    const order = PlaceOrderResponseSchema.parse(placed.body).data;
    const { url } = CheckoutSessionResponseSchema.parse(
      (await call('POST', '/api/stripe/create-checkout-session', { order, userId: shopper.id }, { token: shopper.token })).body,
    );
    expect(await mailsTo(shopper.email)).toHaveLength(0);

    const paid = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Mona+Adel&number=4242424242424242&expiry=12%2F34&cvc=123',
    });
    expect(paid.statusCode).toBe(303);
    const [mail, ...more] = await mailsTo(shopper.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(/^تم تأكيد طلبك [0-9A-F]{8} من دكّان$/);
    for (const part of [mail?.text ?? '', typeof mail?.html === 'string' ? mail.html : '']) {
      expect(part).toContain('$49.98');
      expect(part).toContain(TEST_ADDRESS.street);
      expect(part).toContain(`https://shop.example/Order/${order._id}`);
    }
  });
});
