// Acknowledged means durable (issue #19, decision 0028): the built shop is killed with SIGKILL
// right after each answered step of a shopper's visit and started again on the same data; every
// change must be there, the order paid, and both mails (the order's confirmation and the reset
// link) delivered after the restarts — from the outbox (decision 0029). On the embedded database
// always; on the PostgreSQL server too when DATABASE_URL is set (a fresh database, dropped after).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One run of the built server (`node apps/api/dist/server.js`) on a given DATA_DIR and database. */
interface Shop {
  url: string;
  process: ChildProcess;
  log: string[];
}

async function startShop(dataDir: string, databaseUrl: string | undefined): Promise<Shop> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SSR_WORKERS: '0' };
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop did not start within 120 s:\n${log.join('')}`)), 120_000);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => log.push(chunk));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      log.push(chunk);
      const match = /is ready on (http:\/\/[\d.]+:\d+)/.exec(chunk);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited (${code ?? signal}) before it was ready:\n${log.join('')}`));
    });
  });
  return { url, process: child, log };
}

/** `kill -9`: no shutdown hook runs, nothing is flushed that was not flushed already. */
async function killHard(shop: Shop): Promise<void> {
  if (shop.process.exitCode !== null || shop.process.signalCode !== null) return;
  const exited = new Promise((resolve) => shop.process.once('exit', resolve));
  shop.process.kill('SIGKILL');
  await exited;
}

/** The messages written to `to` under `DATA_DIR/mail`. */
async function mailsTo(dataDir: string, to: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(dir, file)))));
  return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((address) => address?.text === to));
}

async function json<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

const ADDRESS = {
  fullName: 'Huda Kamal',
  phoneNumber: '01001234567',
  country: 'Egypt',
  city: 'Giza',
  area: 'Dokki',
  street: 'Tahrir St.',
  building: '9',
  floor: '2',
  apartment: '4',
  zipCode: '12311',
  extraDetails: '',
};

interface Product {
  _id: string;
  quantity: number;
}
interface CartAnswer {
  data: { items: Array<{ product: { _id: string }; quantity: number }> };
}
interface Order {
  _id: string;
  paymentStatus: string;
}

/**
 * The visit, one answered step at a time: after each, the shop is killed and started again, and
 * what the step changed is read back from the new process.
 */
async function visitWithAKillAfterEachStep(databaseUrl: string | undefined): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-crash-'));
  let shop = await startShop(dataDir, databaseUrl);
  let api: APIRequestContext = await playwrightRequest.newContext({ baseURL: shop.url });
  /** Kills the shop the moment `step` is answered, starts it again, and points `api` at it. */
  const thenCrash = async <T>(step: () => Promise<T>): Promise<T> => {
    const answer = await step();
    await killHard(shop);
    await api.dispose();
    shop = await startShop(dataDir, databaseUrl);
    api = await playwrightRequest.newContext({ baseURL: shop.url });
    return answer;
  };
  try {
    const email = `crash-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a-Durable-passphrase-19';
    await thenCrash(async () => json(await api.post('/api/users/signup', { data: { name: 'Huda Kamal', email, password } }), 201));
    const signIn = async () => json<{ token: string; data: { _id: string } }>(await api.post('/api/users/signin', { data: { email, password } }), 200);
    const first = await signIn();
    const user = first.data;
    let token = first.token;

    await thenCrash(async () => json(await api.put(`/api/users/address/${user._id}`, { headers: { token }, data: [ADDRESS] }), 200));
    ({ token } = await signIn());
    const account = await json<{ data: { addressBook: Array<{ _id: string; street: string }> } }>(await api.get(`/api/users/${user._id}`, { headers: { token } }), 200);
    expect(account.data.addressBook.map((a) => a.street)).toEqual([ADDRESS.street]);
    const addressId = account.data.addressBook[0]!._id;

    const page = await json<{ data: Product[] }>(await api.get('/api/product?page=1&pageSize=100'), 200);
    const product = page.data.find((p) => p.quantity >= 10);
    if (!product) throw new Error('no product with 10 in stock');
    const cartLine = async () => {
      const cart = await json<CartAnswer>(await api.get('/api/cart', { headers: { token } }), 200);
      return cart.data.items.map((item) => ({ product: item.product._id, quantity: item.quantity }));
    };

    await thenCrash(async () => json(await api.post(`/api/cart/${product._id}`, { headers: { token }, data: { quantity: 2 } }), 200));
    expect(await cartLine()).toEqual([{ product: product._id, quantity: 2 }]);

    await thenCrash(async () => json(await api.patch('/api/cart', { headers: { token }, data: { productId: product._id, quantity: 3 } }), 200));
    expect(await cartLine()).toEqual([{ product: product._id, quantity: 3 }]);

    await thenCrash(async () => json(await api.post(`/api/wish/${product._id}`, { headers: { token }, data: {} }), 200));
    const wish = await json<{ data: { items: Array<{ product: { _id: string } }> } }>(await api.get('/api/wish', { headers: { token } }), 200);
    expect(wish.data.items.map((item) => item.product._id)).toEqual([product._id]);

    const placed = await thenCrash(async () =>
      json<{ data: Order }>(await api.post('/api/orders', { headers: { token }, data: { items: [{ _id: product._id, quantity: 3 }], shippingAddress: { _id: addressId } } }), 201),
    );
    const orderOf = async () => (await json<{ order: [Order] }>(await api.get(`/api/orders/${placed.data._id}`, { headers: { token } }), 200)).order[0];
    expect(await orderOf()).toMatchObject({ _id: placed.data._id, paymentStatus: 'Pending' });

    const session = await json<{ url: string }>(
      await api.post('/api/stripe/create-checkout-session', { headers: { token }, data: { order: placed.data, userId: user._id } }),
      200,
    );
    await thenCrash(async () => {
      // The card page's address is on PUBLIC_URL, unset here: the same path on this shop.
      const cardPage = new URL(session.url, shop.url);
      const paid = await api.post(`${cardPage.pathname}${cardPage.search}`, {
        form: { name: 'Huda Kamal', number: '4242424242424242', expiry: '12/34', cvc: '123' },
        maxRedirects: 0,
      });
      expect(paid.status(), await paid.text()).toBe(303);
    });
    expect((await orderOf()).paymentStatus).toBe('Paid');
    // The bought lines left the cart with the payment.
    expect(await cartLine()).toEqual([]);

    await thenCrash(async () => json(await api.post('/api/users/forgot-password', { data: { email } }), 202));

    // Both messages are delivered after the restarts, whatever the kills interrupted (at least once).
    await expect
      .poll(async () => (await mailsTo(dataDir, email)).map((mail) => mail.subject ?? '').sort(), { timeout: 60_000, message: 'mails after the restarts' })
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Your Dukkan order [0-9A-F]{8} is confirmed$/), 'Reset your Dukkan password']));
  } finally {
    await api.dispose();
    await killHard(shop);
    await rm(dataDir, { recursive: true, force: true });
  }
}

test.describe('a kill -9 after each answer loses nothing', () => {
  // Nine starts of the built shop, each migrating, checking the catalog and opening its database.
  test.describe.configure({ timeout: 600_000 });

  test('on the embedded database', async () => {
    await visitWithAKillAfterEachStep(undefined);
  });

  // The server run exists where the server is configured (CI sets DATABASE_URL when it answers).
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) test('on the PostgreSQL server (DATABASE_URL)', async () => {
    const name = `dukkan_crash_${randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database "${name}"`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await visitWithAKillAfterEachStep(url.toString());
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
    }
  });
});
