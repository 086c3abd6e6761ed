import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { prepareDatabase } from '../db/prepare';
import { outbox } from '../db/schema';
import { runCli } from '../test/run-cli';

import { formatOutbox, MailUsageError, parseMailCommand } from './mail';

describe('parseMailCommand', () => {
  it('reads list, retry and help, and refuses anything else with a reason', () => {
    const id = randomUUID();
    expect(parseMailCommand(['list'])).toEqual({ command: 'list' });
    expect(parseMailCommand(['retry', id])).toEqual({ command: 'retry', id });
    expect(parseMailCommand([])).toEqual({ command: 'help' });
    expect(parseMailCommand(['--help'])).toEqual({ command: 'help' });
    expect(() => parseMailCommand(['retry', 'abc'])).toThrow(MailUsageError);
    expect(() => parseMailCommand(['retry', 'abc'])).toThrow(/'abc' is not a message id/);
    expect(() => parseMailCommand(['send'])).toThrow(/Unknown command: send/);
    expect(() => parseMailCommand(['list', 'all'])).toThrow(/Unknown command/);
  });

  it('says so when nothing is waiting', () => {
    expect(formatOutbox([])).toBe('No message is waiting: every message has been delivered.');
  });
});


describe('npm run mail in its own process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('lists the failed and pending messages without their addresses, and makes a failed one due again', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-mail-cli-'));
    dirs.push(dataDir);
    const database = await prepareDatabase({ dataDir, databaseUrl: undefined });
    let failedId: string;
    try {
      const [failed] = await database.db
        .insert(outbox)
        .values({ kind: 'order-confirmation', recipient: 'sara@example.com', subject: 's', textBody: 't', htmlBody: 'h', status: 'failed', attempts: 5, lastError: 'connect ECONNREFUSED 127.0.0.1:25' })
        .returning({ id: outbox.id });
      failedId = failed!.id;
      await database.db.insert(outbox).values({ kind: 'password-reset', recipient: 'omar@example.com', subject: 's', textBody: 't', htmlBody: 'h', status: 'sent' });
    } finally {
      await database.close();
    }

    const listed = await runCli('mail', ['list'], dataDir);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^1 message not delivered:\\n${failedId}  failed   order-confirmation  tries 5  .*gave up  last error: connect ECONNREFUSED`));
    expect(listed.stdout).not.toContain('@example.com');

    const retried = await runCli('mail', ['retry', failedId], dataDir);
    expect(retried).toMatchObject({ code: 0 });
    const unknown = await runCli('mail', ['retry', randomUUID()], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('does not exist or was delivered already');

    const reopened = await prepareDatabase({ dataDir, databaseUrl: undefined });
    try {
      const [row] = await reopened.db.select().from(outbox).where(eq(outbox.id, failedId));
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await reopened.close();
    }
  });
});
