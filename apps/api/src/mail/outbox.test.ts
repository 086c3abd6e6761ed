import { setTimeout as sleep } from 'node:timers/promises';

import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase, type DatabaseHandle } from '../db/client';
import { outbox } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

import type { MailMessage, SentMail } from './mailer';
import { enqueueMail, listUndelivered, OutboxWorker, RETRY_DELAYS_MS, retryMessage, type MailTransport } from './outbox';

const onServer = inject('dbKind') === 'postgres';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await database.destroy();
});

/** Log lines as objects, for the worker's messages. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } } }).log;
  return { log, lines };
}

/** A transport that records what it was given and fails while `failing` says so. */
function recordingTransport(failing: () => boolean = () => false, delayMs = 0) {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    async send(message): Promise<SentMail> {
      if (delayMs) await sleep(delayMs);
      if (failing()) throw Object.assign(new Error(`550 mailbox of ${message.to} unavailable`), { responseCode: 550 });
      sent.push(message);
      return { via: 'smtp', messageId: `<${sent.length}@test>` };
    },
  };
  return { transport, sent };
}

let counter = 0;
function message(subject = 'Hello'): MailMessage {
  counter += 1;
  return { to: `outbox-${counter}@example.com`, subject: `${subject} ${counter}`, text: 'text', html: '<p>html</p>' };
}

/**
 * Two workers deliver the same 24 due messages at once: on the server the second has a pool of
 * its own (another API process); PGlite has one connection, so there both use it.
 */
async function deliverWithTwoWorkers() {
  const second: DatabaseHandle | undefined = database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 }) : undefined;
  try {
    const subjects = Array.from({ length: 24 }, () => message('Once'));
    for (const m of subjects) await enqueueMail(database.db, 'order-confirmation', m);
    const a = recordingTransport(() => false, 5);
    const b = recordingTransport(() => false, 5);
    const workerA = new OutboxWorker({ db: database.db, transport: a.transport, log: capturedLog().log });
    const workerB = new OutboxWorker({ db: second?.db ?? database.db, transport: b.transport, log: capturedLog().log });
    await Promise.all([workerA.deliverDue(), workerB.deliverDue()]);
    const delivered = [...a.sent, ...b.sent].map((m) => m.subject).filter((s) => subjects.some((m) => m.subject === s));
    return { expected: subjects.map((m) => m.subject).sort(), delivered: delivered.sort(), sentByA: a.sent.length, sentByB: b.sent.length };
  } finally {
    await second?.close();
  }
}

async function rowOf(id: string) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

describe('the mail outbox', () => {
  it('never sends a message whose transaction rolled back', async () => {
    const { transport, sent } = recordingTransport();
    const worker = new OutboxWorker({ db: database.db, transport, log: capturedLog().log });
    const rolledBack = message('Rolled back');
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, 'password-reset', rolledBack);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await worker.drain();
    expect(sent.map((m) => m.subject)).not.toContain(rolledBack.subject);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.subject, rolledBack.subject));
    expect(row).toBeUndefined();
  });

  it('delivers a committed message once and marks it sent', async () => {
    const { transport, sent } = recordingTransport();
    const worker = new OutboxWorker({ db: database.db, transport, log: capturedLog().log });
    const committed = message('Committed');
    const id = await database.db.transaction((tx) => enqueueMail(tx, 'order-confirmation', committed));
    await worker.drain();
    await worker.drain();
    expect(sent.filter((m) => m.subject === committed.subject)).toEqual([committed]);
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('waits about a minute after a first failure, by default', async () => {
    const { transport } = recordingTransport(() => true);
    const worker = new OutboxWorker({ db: database.db, transport, log: capturedLog().log });
    const id = await enqueueMail(database.db, 'password-reset', message());
    await worker.drain();
    const [row] = await database.db
      .select({ status: outbox.status, attempts: outbox.attempts, waitS: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())::float8` })
      .from(outbox)
      .where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.waitS).toBeGreaterThan(RETRY_DELAYS_MS[0] / 1000 - 10);
    expect(row!.waitS).toBeLessThanOrEqual(RETRY_DELAYS_MS[0] / 1000);
    expect(RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    // Not due again yet: a second run leaves it alone.
    expect(await worker.deliverDue()).toBe(0);
    await database.db.delete(outbox).where(eq(outbox.id, id));
  });

  it('tries a failing message again after each wait, then marks it failed and logs an error without the address', async () => {
    let failing = true;
    const { transport, sent } = recordingTransport(() => failing);
    const { log, lines } = capturedLog();
    // Long enough that a loaded machine never reaches the next attempt within one drain.
    const delays = [400, 450, 500, 550];
    const worker = new OutboxWorker({ db: database.db, transport, log, retryDelaysMs: delays });
    const doomed = message('Doomed');
    const id = await enqueueMail(database.db, 'password-reset', doomed);

    for (const [i, delay] of delays.entries()) {
      await worker.drain();
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1 });
      expect(row.lastError).toContain('550');
      expect(await worker.deliverDue()).toBe(0); // its wait is not over
      await sleep(delay + 20);
    }
    await worker.drain();
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 });
    const error = lines.find((line) => line.level === 50 && line.mailId === id);
    expect(error?.msg).toBe('mail could not be delivered: marked failed');
    expect(lines.filter((line) => line.mailId === id && line.level === 40)).toHaveLength(4);
    expect(JSON.stringify(lines)).not.toContain(doomed.to);

    // Listed for the operator, and sent once retried by hand.
    expect((await listUndelivered(database.db)).find((entry) => entry.id === id)).toMatchObject({ status: 'failed', attempts: 5 });
    failing = false;
    expect(await retryMessage(database.db, id)).toBe(true);
    await worker.drain();
    expect(sent.filter((m) => m.subject === doomed.subject)).toHaveLength(1);
    expect((await rowOf(id)).status).toBe('sent');
    expect(await retryMessage(database.db, id)).toBe(false);
  });

  it('leaves a message another worker holds, and takes it once that claim has lapsed (a crashed worker)', async () => {
    const { transport, sent } = recordingTransport();
    const worker = new OutboxWorker({ db: database.db, transport, log: capturedLog().log });
    const held = message('Held');
    const id = await enqueueMail(database.db, 'order-confirmation', held);
    await database.db.update(outbox).set({ claimedUntil: sql`now() + interval '25 seconds'`, attempts: 1 }).where(eq(outbox.id, id));
    await worker.drain();
    expect(sent.map((m) => m.subject)).not.toContain(held.subject);
    await database.db.update(outbox).set({ claimedUntil: sql`now() - interval '1 second'` }).where(eq(outbox.id, id));
    await worker.drain();
    expect(sent.filter((m) => m.subject === held.subject)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('delivers a message soon after it is committed when woken, without waiting for its poll', async () => {
    const { transport, sent } = recordingTransport();
    const worker = new OutboxWorker({ db: database.db, transport, log: capturedLog().log, pollMs: 60 * 60_000 });
    worker.start();
    try {
      await sleep(50); // its first run, on start, finds nothing due
      const woken = message('Woken');
      await database.db.transaction((tx) => enqueueMail(tx, 'email-changed', woken));
      worker.wake();
      await expect.poll(() => sent.some((m) => m.subject === woken.subject), { timeout: 5_000 }).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it.runIf(onServer)('two workers, each with its own connections, deliver each message exactly once, both taking a share (only on the PostgreSQL server: PGlite has one connection, so no second process)', async () => {
    const { expected, delivered, sentByA, sentByB } = await deliverWithTwoWorkers();
    expect(delivered).toEqual(expected);
    expect(sentByA > 0 && sentByB > 0).toBe(true);
  });

  it.skipIf(onServer)('two workers on the one connection deliver each message exactly once (only on the embedded database: there both share its single connection)', async () => {
    const { expected, delivered } = await deliverWithTwoWorkers();
    expect(delivered).toEqual(expected);
  });
});
