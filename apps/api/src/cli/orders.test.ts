import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { prepareDatabase } from '../db/prepare';
import { orderItems, orders, products, users } from '../db/schema';
import { runCli } from '../test/run-cli';
import { TEST_ADDRESS } from '../test/shop-fixtures';

import { formatCancellation, formatList, formatMoney, parseCommand, UsageError } from './orders';

describe('parseCommand', () => {
  it('reads each command and its options', () => {
    expect(parseCommand(['list'])).toEqual({ command: 'list', status: undefined, limit: 50 });
    expect(parseCommand(['list', '--status', 'Waiting for Supplier', '--limit', '5'])).toEqual({ command: 'list', status: 'Waiting for Supplier', limit: 5 });
    expect(parseCommand(['list', '--status=waiting-for-supplier'])).toMatchObject({ status: 'Waiting for Supplier' });
    expect(parseCommand(['list', '--status', 'processing'])).toMatchObject({ status: 'Processing' });
    const id = randomUUID();
    for (const command of ['show', 'advance', 'cancel'] as const) expect(parseCommand([command, id])).toEqual({ command, orderId: id });
    expect(parseCommand(['--help'])).toEqual({ command: 'help' });
    expect(parseCommand(['cancel', '-h'])).toEqual({ command: 'help' });
    expect(parseCommand(['help'])).toEqual({ command: 'help' });
  });

  it('refuses what is not a command with a message saying what is wrong', () => {
    const cases: [string[], RegExp][] = [
      [[], /Say what to do/],
      [['ship', 'x'], /Unknown command 'ship'/],
      [['show'], /show needs the order's id/],
      [['advance', 'a', 'b'], /advance takes one order id, not 2/],
      [['cancel', 'a', '--status', 'Shipped'], /--status and --limit go with list only/],
      [['list', 'extra'], /list takes no argument/],
      [['list', '--status', 'Lost'], /Unknown status 'Lost': use one of 'Waiting for Supplier', 'Processing'/],
      [['list', '--limit', '0'], /--limit must be a whole number from 1 to 1000/],
      [['list', '--limit', 'many'], /--limit must be a whole number/],
      [['list', '--colour'], /Unknown option '--colour'/],
      [['list', '--status'], /--status/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseCommand(argv), argv.join(' ')).toThrow(UsageError);
      expect(() => parseCommand(argv), argv.join(' ')).toThrow(message);
    }
  });
});

describe('what the command prints', () => {
  it('writes amounts as the shop does, and says when a cancellation leaves the operator work to do', () => {
    expect(formatMoney(129950)).toBe('$1,299.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatList([], { status: 'Shipped', limit: 50 })).toBe('No orders are Shipped.');

    const returned = [{ productId: randomUUID(), title: 'Mascara', quantity: 2 }];
    expect(formatCancellation('o1', { wasPaid: false, returned })).toEqual({ text: 'Order o1 cancelled; it was not paid. Stock returned: 2 × Mascara.', done: true });
    const paid = { wasPaid: true as const, returned, amountCents: 1999, currency: 'usd' };
    expect(formatCancellation('o1', { ...paid, refund: { kind: 'refunded', refundId: 're_1' } })).toEqual({
      text: 'Order o1 cancelled. Stock returned: 2 × Mascara.\nRefunded $19.99: refund re_1.',
      done: true,
    });
    expect(formatCancellation('o1', { ...paid, refund: { kind: 'nothing-left' } }).text).toContain('Nothing was left to refund');
    expect(formatCancellation('o1', { ...paid, refund: { kind: 'failed', message: 'timeout' } })).toMatchObject({ done: false });
  });
});


/** The sandbox and a generated secret, whatever the environment of the test run says. */
const OPERATOR_ENV = { JWT_SECRET: '', PAYMENT_PROVIDER: '' };

describe('the command in its own process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses an embedded database another process has open, then advances and lists an order', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-orders-cli-'));
    dirs.push(dataDir);
    const database = await prepareDatabase({ dataDir, databaseUrl: undefined });
    let orderId: string;
    try {
      const [product] = await database.db.select({ id: products.id, priceCents: products.priceCents }).from(products).orderBy(asc(products.position)).limit(1);
      const [user] = await database.db.insert(users).values({ name: 'Sara Ali', email: 'sara@example.com', passwordHash: 'unused' }).returning({ id: users.id });
      const [order] = await database.db
        .insert(orders)
        .values({
          userId: user!.id,
          amountCents: product!.priceCents,
          shippingAddress: { ...TEST_ADDRESS, _id: randomUUID() },
          paymentStatus: 'Paid',
          paidAt: sql`now()`,
          payBy: sql`now() + interval '30 minutes'`,
        })
        .returning({ id: orders.id });
      orderId = order!.id;
      await database.db.insert(orderItems).values({ orderId, productId: product!.id, position: 0, quantity: 1, priceCents: product!.priceCents });

      // This process still has the database open, as a running server would.
      const refused = await runCli('orders', ['list'], dataDir, OPERATOR_ENV);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The embedded database in ${path.join(dataDir, 'pglite')} is open in another process`);
    } finally {
      await database.close();
    }

    const advanced = await runCli('orders', ['advance', orderId], dataDir, OPERATOR_ENV);
    expect(advanced.stderr).not.toMatch(/error/i);
    expect(advanced).toMatchObject({ code: 0, stdout: `Order ${orderId}: Waiting for Supplier → Processing.\n` });

    const listed = await runCli('orders', ['list', '--status', 'processing'], dataDir, OPERATOR_ENV);
    expect(listed.code).toBe(0);
    const [header, row] = listed.stdout.split('\n');
    expect(header).toMatch(/^ID\s+PLACED \(UTC\)\s+SHOPPER\s+AMOUNT\s+ITEMS\s+STATUS\s+PAYMENT$/);
    expect(row).toMatch(new RegExp(`^${orderId}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+sara@example.com\\s+\\$\\d+\\.\\d\\d\\s+1\\s+Processing\\s+Paid$`));
  });
});
