import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database, Executor } from '../db/client';
import { outbox } from '../db/schema';

import type { MailMessage, SentMail } from './mailer';

/**
 * The waits after a failed delivery: the first retry about a minute after the first try, then
 * 5 minutes, 30 minutes and 2 hours; a message whose fifth try fails is marked failed.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** How long a worker holds a message it is delivering; a crashed worker's claim lapses after it. */
export const CLAIM_MS = 25_000;
/** A worker looks for due messages at least this often, besides being woken on commit. */
export const POLL_MS = 5_000;

/** What delivers a message: the Mailer (SMTP or `.eml` files), or a test's stand-in. */
export interface MailTransport {
  send(message: MailMessage): Promise<SentMail>;
}

/** What the kinds of message are called, in the outbox and the logs. */
export type MailKind =
  | 'password-reset'
  | 'order-confirmation'
  | 'order-shipped'
  | 'order-delivered'
  | 'order-cancelled'
  | 'order-refunded'
  | 'email-changed'
  | 'staff-invitation'
  | 'staff-password-reset'
  | 'review-approved'
  | 'review-rejected';

/**
 * Writes a message to the outbox on `db`, which should be the transaction of the change the
 * message tells of: it is sent if and only if that change commits. Wake the worker after the
 * commit (`OutboxWorker.wake`) so it goes out at once rather than at the next poll. `orderId`
 * names the order a message is about: the back office lists it in the order's timeline.
 */
export async function enqueueMail(db: Executor, kind: MailKind, message: MailMessage, { orderId }: { orderId?: string } = {}): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ kind, recipient: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html, orderId: orderId ?? null })
    .returning({ id: outbox.id });
  if (!row) throw new Error('the outbox insert answered no row');
  return row.id;
}

/** One message as an operator sees it (`npm run mail -- list`). */
export interface OutboxEntry {
  id: string;
  kind: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** The messages not sent yet, pending and failed, the oldest first; `limit` at most. */
export async function listUndelivered(db: Executor, limit = 100): Promise<OutboxEntry[]> {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
      nextAttemptAt: outbox.nextAttemptAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'failed']))
    .orderBy(desc(outbox.status), outbox.createdAt)
    .limit(limit);
}

/**
 * Makes a failed (or waiting) message due now, with its tries counted afresh; `false` when there
 * is no such message or it was sent already.
 */
export async function retryMessage(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['pending', 'failed'])))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** Defaults: RETRY_DELAYS_MS, CLAIM_MS, POLL_MS; tests shorten them. */
  retryDelaysMs?: readonly number[];
  claimMs?: number;
  pollMs?: number;
}

/** A claimed message: its row as the claim answered it. */
interface Claimed {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * Delivers the outbox (decision 0029). Each message is claimed in a statement of its own
 * (`FOR UPDATE SKIP LOCKED`, so two API processes never take the same one) for `claimMs`, sent,
 * then marked sent, or given its next try (`retryDelaysMs`) or marked failed. A process that dies
 * mid-delivery leaves a claim that lapses: the message goes out again (at least once — a
 * duplicate only when the process dies between the transport's acceptance and the mark).
 */
export class OutboxWorker {
  private readonly retryDelaysMs: readonly number[];
  private readonly claimMs: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (ms since the epoch). */
  private timerDue = 0;
  /** The last run queued: runs never overlap in one worker, each starts when the one before ends. */
  private tail: Promise<void> = Promise.resolve();
  private stopped = true;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.claimMs = options.claimMs ?? CLAIM_MS;
    this.pollMs = options.pollMs ?? POLL_MS;
  }

  /** Delivers what is due now, then every `pollMs` and whenever woken, until `stop`. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** A message was committed: deliver it now, or right after the run in progress. */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Stops the timer and waits for the runs queued. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.tail;
  }

  /** Waits for the run in progress, then delivers everything due now (tests, the CLI). */
  drain(): Promise<void> {
    return this.run();
  }

  /** Queues a run after the one in progress; a failed run is logged, never thrown. */
  private run(): Promise<void> {
    const next = this.tail
      .then(() => this.deliverDue())
      .then(
        () => undefined,
        (err: unknown) => this.options.log.error({ err }, 'mail outbox: delivery run failed'),
      );
    this.tail = next;
    return next;
  }

  /** Sets the timer to fire in `delayMs`, unless it already fires sooner. */
  private schedule(delayMs: number): void {
    const due = Date.now() + delayMs;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.stopped) return;
      void this.run().finally(() => {
        if (!this.stopped) this.schedule(this.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Claims and delivers due messages one at a time until none is due; answers how many were tried. */
  async deliverDue(): Promise<number> {
    let tried = 0;
    for (let message = await this.claim(); message; message = await this.claim()) {
      await this.deliver(message);
      tried += 1;
    }
    return tried;
  }

  private async claim(): Promise<Claimed | undefined> {
    const result = await this.options.db.execute(sql`
      update outbox set claimed_until = now() + make_interval(secs => ${this.claimMs / 1000}), attempts = attempts + 1
      where id = (
        select id from outbox
        where status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
        order by next_attempt_at
        limit 1
        for update skip locked
      )
      returning id, kind, recipient, subject, text_body, html_body, attempts`);
    // `execute` answers each driver's own result type; both have `rows`.
    return (result as { rows: Claimed[] }).rows[0];
  }

  private async deliver(message: Claimed): Promise<void> {
    const { db, transport, log } = this.options;
    try {
      await transport.send({ to: message.recipient, subject: message.subject, text: message.text_body, html: message.html_body });
    } catch (error) {
      const wait = this.retryDelaysMs[message.attempts - 1];
      const reason = error instanceof Error ? error.message : String(error);
      const code = (error as { code?: unknown; responseCode?: unknown }).responseCode ?? (error as { code?: unknown }).code;
      await db
        .update(outbox)
        .set({
          claimedUntil: null,
          lastError: reason.slice(0, 1000),
          ...(wait === undefined ? { status: 'failed' as const } : { nextAttemptAt: sql`now() + make_interval(secs => ${wait / 1000})` }),
        })
        .where(eq(outbox.id, message.id));
      // The transport's message may name the recipient: the log gets its code only; the outbox row keeps the rest.
      if (wait === undefined) log.error({ mailId: message.id, kind: message.kind, attempts: message.attempts, code }, 'mail could not be delivered: marked failed');
      else log.warn({ mailId: message.id, kind: message.kind, attempts: message.attempts, code, retryInMs: wait }, 'mail could not be delivered: will try again');
      return;
    }
    await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null }).where(eq(outbox.id, message.id));
    log.info({ mailId: message.id, kind: message.kind }, 'mail delivered');
  }
}
