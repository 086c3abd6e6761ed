import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

/** A message ready to send: both parts, in the shopper's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailerOptions {
  /** `smtp://…` or `smtps://…`; unset: messages are written as `.eml` files under `mailDir`. */
  smtpUrl: string | undefined;
  from: string;
  /** Where messages go without SMTP (`DATA_DIR/mail`). */
  mailDir: string;
  log: FastifyBaseLogger;
}

/** Where a message went: the SMTP server's message id, or the `.eml` file written. */
export type SentMail = { via: 'smtp'; messageId: string } | { via: 'file'; file: string };

/**
 * Sends the shop's mail through nodemailer (blueprint, Mail): SMTP when `SMTP_URL` is set,
 * otherwise each message is written as an `.eml` file under `DATA_DIR/mail/` and its path is
 * logged, so a local run needs no mail server. The shop never calls it directly: messages go
 * through the outbox (outbox.ts), whose worker calls `send` and retries.
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: MailerOptions) {
    // A send must end well within the outbox's claim (25 s), or a second worker could send it too.
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 8_000, greetingTimeout: 5_000, socketTimeout: 10_000 })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends one message now; throws when it could not be sent or written. */
  async send(message: MailMessage): Promise<SentMail> {
    const info = (await this.transport.sendMail({ from: this.options.from, ...message })) as { messageId: string; message?: Buffer };
    if (this.options.smtpUrl) return { via: 'smtp', messageId: info.messageId };
    if (!info.message) throw new Error('the stream transport gave no message');
    await mkdir(this.options.mailDir, { recursive: true });
    const file = path.join(this.options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    // Written aside and renamed: a crash mid-write leaves no half message where readers look.
    await writeFile(`${file}.part`, info.message);
    await rename(`${file}.part`, file);
    this.options.log.info({ file }, 'mail written');
    return { via: 'file', file };
  }

  close(): void {
    this.transport.close();
  }
}
