// `npm run mail -- list | retry <id>`: the operator's view of the mail outbox (decision 0029) on
// the configured database (DATABASE_URL, else the embedded one in DATA_DIR, which the server must
// not have open at the same time). Exit code 0 when done, 1 when refused or failed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { z } from 'zod';

import { loadConfig, type Config } from '../config/env';
import { listUndelivered, retryMessage, type OutboxEntry } from '../mail/outbox';

import { DatabaseInUse, withOperatorDatabase } from './operator-database';

export const USAGE = `Usage: npm run mail -- <command>

Commands:
  list          the messages not delivered yet: pending (waiting for a try) and failed (gave up
                after 5 tries), oldest first, with their tries and last error
  retry <id>    tries a pending or failed message again now, with its tries counted afresh
  --help        this text

A running shop delivers what is due within 5 seconds. Works on DATABASE_URL when set, else on
the embedded database in DATA_DIR (default ./data), which the server must not have open then.`;

export type MailCommand = { command: 'help' } | { command: 'list' } | { command: 'retry'; id: string };

/** Arguments that make no command; the message says which. */
export class MailUsageError extends Error {}

export function parseMailCommand(argv: string[]): MailCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return { command: 'help' };
  if (command === 'list' && rest.length === 0) return { command: 'list' };
  const [id] = rest;
  if (command === 'retry' && id !== undefined && rest.length === 1) {
    if (!z.uuid().safeParse(id).success) throw new MailUsageError(`'${id}' is not a message id (a UUID, as 'list' shows it).`);
    return { command: 'retry', id };
  }
  throw new MailUsageError(`Unknown command: ${argv.join(' ')}`);
}

/** The list as the operator reads it: one line a message, no addresses. */
export function formatOutbox(entries: OutboxEntry[]): string {
  if (entries.length === 0) return 'No message is waiting: every message has been delivered.';
  const lines = entries.map((entry) => {
    const when = entry.status === 'failed' ? 'gave up' : `next try ${entry.nextAttemptAt.toISOString()}`;
    const error = entry.lastError ? `  last error: ${entry.lastError.replace(/\s+/g, ' ').slice(0, 200)}` : '';
    return `${entry.id}  ${entry.status.padEnd(7)}  ${entry.kind.padEnd(18)}  tries ${entry.attempts}  written ${entry.createdAt.toISOString()}  ${when}${error}`;
  });
  return `${entries.length} message${entries.length === 1 ? '' : 's'} not delivered:\n${lines.join('\n')}`;
}

const print = (text: string) => void process.stdout.write(`${text}\n`);

/** Runs the command the arguments name and answers the process's exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let command: MailCommand;
  let config: Config;
  try {
    command = parseMailCommand(argv);
    if (command.command === 'help') {
      print(USAGE);
      return 0;
    }
    config = loadConfig(env);
  } catch (error) {
    console.error(error instanceof MailUsageError ? `${error.message}\n\n${USAGE}` : error instanceof Error ? error.message : error);
    return 1;
  }
  try {
    return await withOperatorDatabase(config, async (db) => {
      if (command.command === 'list') {
        print(formatOutbox(await listUndelivered(db, 1000)));
        return 0;
      }
      if (!(await retryMessage(db, command.id))) {
        console.error(`No message ${command.id} is waiting: it does not exist or was delivered already.`);
        return 1;
      }
      print(`Message ${command.id} will be tried again by the running shop within 5 seconds of its next start or poll.`);
      return 0;
    });
  } catch (error) {
    if (error instanceof DatabaseInUse) console.error(error.message);
    else console.error('The mail command failed:', error);
    return 1;
  }
}

// Run only as the program (`tsx src/cli/mail.ts`), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
