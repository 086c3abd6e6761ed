// `npm run orders -- list [--status S] [--limit N] | show <id> | advance <id> | cancel <id>`: the
// operator's fulfilment command (issue #9) on the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR). The rules live in modules/orders/ (fulfilment.ts and a file per
// operation beside it); this file reads the arguments, opens the database and prints. Exit code 0 when done, 1 when refused or failed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { formatCents } from '@dukkan/contracts/money';
import { OrderStatusSchema, type OrderStatus } from '@dukkan/contracts/orders';

import { loadConfig, type Config } from '../config/env';
import type { Database } from '../db/client';
import { resolveJwtSecret } from '../lib/jwt-secret';
import { advanceOrder } from '../modules/orders/advance';
import { cancelOrder, type CancelOutcome, type RefundOutcome } from '../modules/orders/cancel';
import { FulfilmentError, OPERATOR_ACTOR } from '../modules/orders/fulfilment';
import { listOrdersForOperator, showOrder, type OperatorOrder, type OrderDetails } from '../modules/orders/operator-views';
import { createPaymentProvider } from '../payments';
import type { PaymentProvider } from '../payments/provider';

import { DatabaseInUse, withOperatorDatabase } from './operator-database';

export const USAGE = `Usage: npm run orders -- <command>

Commands:
  list [--status S] [--limit N]  the newest orders first (N: default 50, at most 1000); S is one
                                 of ${OrderStatusSchema.options.join(', ')}
                                 (upper or lower case; waiting-for-supplier works too)
  show <id>                      an order with its lines, shipping address and payments
  advance <id>                   moves a paid order one step on: Waiting for Supplier →
                                 Processing → Shipped → Delivered
  cancel <id>                    cancels an order not yet shipped and returns its stock; a paid
                                 order's money is refunded through the payment provider
  --help                         this text

Works on DATABASE_URL when set, else on the embedded database in DATA_DIR (default ./data),
which the server must not have open at the same time.`;

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

/** What the operator asked for, read from the command line. */
export type OrdersCommand =
  | { command: 'help' }
  | { command: 'list'; status: OrderStatus | undefined; limit: number }
  | { command: 'show' | 'advance' | 'cancel'; orderId: string };

/** Arguments that do not make a command; the message says which and the usage follows it. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** 'processing', 'waiting-for-supplier' or "Waiting for Supplier": the status the operator means. */
function parseStatus(value: string): OrderStatus {
  const wanted = value.trim().toLowerCase().replace(/[-_\s]+/g, ' ');
  const status = OrderStatusSchema.options.find((option) => option.toLowerCase() === wanted);
  if (!status) throw new UsageError(`Unknown status '${value}': use one of ${OrderStatusSchema.options.map((s) => `'${s}'`).join(', ')}.`);
  return status;
}

/** Reads the arguments after `npm run orders --` into a command; throws `UsageError`. */
export function parseCommand(argv: string[]): OrdersCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { status: { type: 'string' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    // node:util throws a TypeError naming the unknown option or the missing value.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') return { command: 'help' };
  if (!command) throw new UsageError('Say what to do: list, show, advance or cancel.');

  if (command === 'list') {
    if (rest.length > 0) throw new UsageError(`list takes no ${rest.length === 1 ? 'argument' : 'arguments'} (${rest.join(' ')}); filter with --status.`);
    const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}.`);
    return { command, status: values.status === undefined ? undefined : parseStatus(values.status), limit };
  }
  if (command === 'show' || command === 'advance' || command === 'cancel') {
    if (values.status !== undefined || values.limit !== undefined) throw new UsageError('--status and --limit go with list only.');
    const [orderId, ...extra] = rest;
    if (!orderId) throw new UsageError(`${command} needs the order's id (from list).`);
    if (extra.length > 0) throw new UsageError(`${command} takes one order id, not ${rest.length}.`);
    return { command, orderId };
  }
  throw new UsageError(`Unknown command '${command}'.`);
}

/** An amount as the shop writes it ('$1,299.50', formatPrice); USD is the shop's one currency. */
export function formatMoney(cents: number, currency = 'usd'): string {
  const written = formatCents(cents);
  return currency === 'usd' ? written : `${written.slice(1)} ${currency.toUpperCase()}`;
}

/** A moment to the minute, in UTC, the same whatever the machine's time zone. */
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Columns padded to their widest cell; numbers right-aligned. */
function table(headers: string[], rows: string[][], rightAligned: number[] = []): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned.includes(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** A cancelled order that was paid: its money was refunded by `cancel`, or is due back (0016). */
const refundMarked = (order: Pick<OperatorOrder, 'status' | 'paymentStatus'>) => order.status === 'Cancelled' && order.paymentStatus === 'Paid';

export function formatList(rows: OperatorOrder[], { status, limit }: { status: OrderStatus | undefined; limit: number }): string {
  if (rows.length === 0) return status ? `No orders are ${status}.` : 'No orders yet.';
  const out = [
    table(
      ['ID', 'PLACED (UTC)', 'SHOPPER', 'AMOUNT', 'ITEMS', 'STATUS', 'PAYMENT'],
      rows.map((row) => [
        row.id,
        when(row.createdAt).replace(' UTC', ''),
        row.shopperEmail,
        formatMoney(row.amountCents, row.currency),
        String(row.itemCount),
        row.status,
        refundMarked(row) ? 'Paid (refund)' : row.paymentStatus,
      ]),
      [3, 4],
    ),
  ];
  if (rows.some(refundMarked)) out.push('', 'Paid (refund): cancelled after payment; the money goes back to the shopper (check it at the payment provider).');
  if (rows.length === limit) out.push('', `The newest ${limit} shown; --limit shows more.`);
  return out.join('\n');
}

export function formatDetails({ order, lines, address, sessions }: OrderDetails): string {
  const next: Partial<Record<OrderStatus, OrderStatus>> = { 'Waiting for Supplier': 'Processing', Processing: 'Shipped', Shipped: 'Delivered' };
  const field = (label: string, value: string) => `  ${label.padEnd(9)} ${value}`;
  const out = [
    `Order ${order.id}`,
    field('Placed', `${when(order.createdAt)} by ${order.shopperName} <${order.shopperEmail}>`),
    field('Amount', `${formatMoney(order.amountCents, order.currency)} for ${order.itemCount} ${order.itemCount === 1 ? 'item' : 'items'}`),
    field('Status', `${order.status} (since ${when(order.updatedAt)})`),
    field('Payment', order.paidAt ? `${order.paymentStatus} on ${when(order.paidAt)}` : order.paymentStatus),
  ];
  if (order.paymentStatus === 'Pending' && order.status !== 'Cancelled') out.push(field('Pay by', `${when(order.payBy)}, else it is cancelled`));
  if (refundMarked(order)) {
    out.push(field('Refund', `cancelled after payment: ${formatMoney(order.amountCents, order.currency)} goes back to the shopper (check the provider)`));
  }
  const step = next[order.status];
  if (step && order.paymentStatus === 'Paid') out.push(field('Next', `npm run orders -- advance ${order.id}   (→ ${step})`));

  out.push(
    '',
    'Items',
    table(
      ['QTY', 'UNIT', 'TOTAL', 'PRODUCT'],
      lines.map((line) => [
        String(line.quantity),
        formatMoney(line.priceCents, order.currency),
        formatMoney(line.priceCents * line.quantity, order.currency),
        `${line.title} (${line.productId})`,
      ]),
      [0, 1, 2],
    )
      .split('\n')
      .map((row) => `  ${row}`)
      .join('\n'),
  );

  const place = [address.area, address.city, address.zipCode].filter(Boolean).join(', ');
  const building = [
    address.street,
    address.building && `building ${address.building}`,
    address.floor && `floor ${address.floor}`,
    address.apartment && `apartment ${address.apartment}`,
  ]
    .filter(Boolean)
    .join(', ');
  out.push('', 'Ship to', `  ${address.fullName}, ${address.phoneNumber}`, `  ${building}`, `  ${place}, ${address.country}`);
  if (address.extraDetails) out.push(`  ${address.extraDetails}`);

  out.push('', 'Payment sessions');
  if (sessions.length === 0) out.push('  none opened');
  else {
    out.push(
      table(
        ['PROVIDER', 'SESSION', 'STATUS', 'AMOUNT', 'OPENED (UTC)'],
        sessions.map((session) => [
          session.provider,
          session.providerSessionId,
          session.status,
          formatMoney(session.amountCents, session.currency),
          when(session.createdAt).replace(' UTC', ''),
        ]),
        [3],
      )
        .split('\n')
        .map((row) => `  ${row}`)
        .join('\n'),
    );
  }
  return out.join('\n');
}

/** What the operator must hear about the money of a cancelled paid order, and whether all is done. */
function describeRefund(refund: RefundOutcome, amount: string): { text: string; done: boolean } {
  switch (refund.kind) {
    case 'refunded':
      return { text: `Refunded ${amount}: refund ${refund.refundId}.`, done: true };
    case 'nothing-left':
      return { text: 'Nothing was left to refund: it was refunded in full already.', done: true };
    case 'pending':
      return { text: `The payment provider did not answer (${refund.message}). The refund stays pending: check it at the provider, and run cancel's refund again from the back office.`, done: false };
    case 'other-provider':
      return { text: `It was paid through ${refund.provider}, which the shop no longer uses: refund ${amount} there by hand.`, done: false };
    case 'no-payment-found':
      return { text: `No completed payment session was found for it: refund ${amount} at the payment provider by hand.`, done: false };
    case 'failed':
      return { text: `The refund failed (${refund.message}). The order stays cancelled: refund ${amount} at the payment provider by hand.`, done: false };
  }
}

/** The lines of a cancellation's report; `done` is false when the operator still has something to do. */
export function formatCancellation(orderId: string, outcome: CancelOutcome): { text: string; done: boolean } {
  const stock = outcome.returned.map((line) => `${line.quantity} × ${line.title}`).join('; ');
  if (!outcome.wasPaid) return { text: `Order ${orderId} cancelled; it was not paid. Stock returned: ${stock}.`, done: true };
  const refund = describeRefund(outcome.refund, formatMoney(outcome.amountCents, outcome.currency));
  return { text: `Order ${orderId} cancelled. Stock returned: ${stock}.\n${refund.text}`, done: refund.done };
}

const print = (text: string) => void process.stdout.write(`${text}\n`);

async function run(db: Database, command: Exclude<OrdersCommand, { command: 'help' }>, provider: PaymentProvider | undefined, publicUrl: string): Promise<boolean> {
  const context = { actor: OPERATOR_ACTOR, publicUrl };
  switch (command.command) {
    case 'list':
      print(formatList(await listOrdersForOperator(db, command), command));
      return true;
    case 'show':
      print(formatDetails(await showOrder(db, command.orderId)));
      return true;
    case 'advance': {
      const { previous, status } = await advanceOrder(db, command.orderId, context);
      print(`Order ${command.orderId}: ${previous} → ${status}.`);
      return true;
    }
    case 'cancel': {
      if (!provider) throw new Error('cancel needs the payment provider');
      const report = formatCancellation(command.orderId, await cancelOrder(db, command.orderId, provider, context));
      (report.done ? print : console.error)(report.text);
      return report.done;
    }
  }
}

/** Runs the command the arguments name and answers the process's exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let command: OrdersCommand;
  let config: Config;
  try {
    command = parseCommand(argv);
    if (command.command === 'help') {
      print(USAGE);
      return 0;
    }
    config = loadConfig(env);
  } catch (error) {
    console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error instanceof Error ? error.message : error);
    return 1;
  }

  try {
    const done = await withOperatorDatabase(config, async (db) => {
      // Made before anything changes, so a provider that cannot be used stops the cancel unwritten.
      const provider = command.command === 'cancel' ? createPaymentProvider(config, await resolveJwtSecret(config)) : undefined;
      return run(db, command, provider, config.publicUrl);
    });
    return done ? 0 : 1;
  } catch (error) {
    if (error instanceof FulfilmentError || error instanceof DatabaseInUse) console.error(error.message);
    else console.error('The orders command failed:', error);
    return 1;
  }
}

// Run only as the program (`tsx src/cli/orders.ts`), not when a test imports parseCommand.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
