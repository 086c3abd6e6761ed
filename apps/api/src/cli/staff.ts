// `npm run staff -- add --email E --name N --role R`: adds a back-office staff member from the
// shell (issue #20, decision 0033), the password read from standard input (typed unseen on a
// terminal, or piped: `printf '%s' "$PASSWORD" | npm run staff -- add …`). Works on DATABASE_URL
// when set, else on the embedded database in DATA_DIR while the shop is stopped. Exit code 0 when
// done, 1 when refused or failed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { StaffEmailSchema, StaffNameSchema, StaffRoleSchema, staffPasswordSchema, type StaffRole } from '@dukkan/contracts/admin-staff';
import { type z } from 'zod';

import { loadConfig, type Config } from '../config/env';
import { HttpError } from '../lib/errors';
import { createStaff } from '../modules/admin/staff/accounts';

import { DatabaseInUse, withOperatorDatabase } from './operator-database';

export const USAGE = `Usage: npm run staff -- <command>

Commands:
  add --email E --name N --role R
                adds a staff member of role owner, catalog or support; the password (at least
                12 characters, not a common one) is read from standard input: typed unseen on a
                terminal, or piped, e.g. printf '%s' "$PASSWORD" | npm run staff -- add …
  --help        this text

Works on DATABASE_URL when set, else on the embedded database in DATA_DIR (default ./data),
which the server must not have open then.`;

export type StaffCommand = { command: 'help' } | { command: 'add'; email: string; name: string; role: StaffRole };

/** Arguments that make no command; the message says which. */
export class StaffUsageError extends Error {}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid value';
}

export function parseStaffCommand(argv: string[]): StaffCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return { command: 'help' };
  if (command !== 'add') throw new StaffUsageError(`Unknown command: ${argv.join(' ')}`);
  let values: { email?: string; name?: string; role?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new StaffUsageError(error instanceof Error ? error.message : String(error));
  }
  const email = StaffEmailSchema.safeParse(values.email);
  if (!email.success) throw new StaffUsageError(`--email: ${values.email === undefined ? 'is required' : firstIssue(email.error)}`);
  const name = StaffNameSchema.safeParse(values.name);
  if (!name.success) throw new StaffUsageError(`--name: ${values.name === undefined ? 'is required' : firstIssue(name.error)}`);
  const role = StaffRoleSchema.safeParse(values.role);
  if (!role.success) throw new StaffUsageError(`--role: must be owner, catalog or support`);
  return { command: 'add', email: email.data, name: name.data, role: role.data };
}

/** The password from standard input: its first line when piped; typed without echo on a terminal. */
async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write('Password (at least 12 characters; not shown): ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      stdin.on('data', (data: string) => {
        for (const char of data) {
          if (char === '\r' || char === '\n' || char === '\u0004') {
            process.stderr.write('\n');
            resolve(typed);
            return;
          }
          if (char === '\u0003') {
            reject(new StaffUsageError('Cancelled.'));
            return;
          }
          typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
        }
      });
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

const print = (text: string) => void process.stdout.write(`${text}\n`);

/** Runs the command the arguments name and answers the process's exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, password: () => Promise<string> = readPassword): Promise<number> {
  let command: StaffCommand;
  let config: Config;
  let secret: string;
  try {
    command = parseStaffCommand(argv);
    if (command.command === 'help') {
      print(USAGE);
      return 0;
    }
    config = loadConfig(env);
    const checked = staffPasswordSchema('password').safeParse(await password());
    if (!checked.success) throw new StaffUsageError(firstIssue(checked.error));
    secret = checked.data;
  } catch (error) {
    console.error(error instanceof StaffUsageError ? `${error.message}\n\n${USAGE}` : error instanceof Error ? error.message : error);
    return 1;
  }
  try {
    return await withOperatorDatabase(config, async (db) => {
      const member = await createStaff(db, { email: command.email, name: command.name, role: command.role, password: secret });
      print(`Added ${member.name} as ${member.role} (id ${member._id}). They sign in at /admin.`);
      return 0;
    });
  } catch (error) {
    if (error instanceof DatabaseInUse || error instanceof HttpError) console.error(error.message);
    else console.error('The staff command failed:', error);
    return 1;
  }
}

// Run only as the program (`tsx src/cli/staff.ts`), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
