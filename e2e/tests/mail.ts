import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { simpleParser, type ParsedMail } from 'mailparser';

import { expect } from './fixtures';

/** Where the shop under test writes its mail (global-setup.ts). */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail tests need global-setup.ts');
  return dir;
}

/** The messages the shop wrote to `to`, oldest first. */
export async function mailsTo(to: string): Promise<ParsedMail[]> {
  // Only finished messages: the shop writes each aside (`.part`) and renames it.
  const files = (await readdir(mailDir()).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(mailDir(), file)))));
  return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((address) => address?.text === to));
}

/** Waits until the shop has written `count` messages to `to` (mail goes out after the commit). */
export async function waitForMails(to: string, count = 1): Promise<ParsedMail[]> {
  let mails: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(to);
        return mails.length;
      },
      { message: `mail to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}
