import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

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
  /** Waits between attempts of one message; the default tries 3 times over about half a minute. */
  retryDelaysMs?: number[];
}

/** Where a message went: the SMTP server's message id, or the `.eml` file written. */
export type SentMail = { via: 'smtp'; messageId: string } | { via: 'file'; file: string };

const DEFAULT_RETRY_DELAYS_MS = [2_000, 20_000];

/**
 * Sends the shop's mail through nodemailer (blueprint, Mail): SMTP when `SMTP_URL` is set,
 * otherwise each message is written as an `.eml` file under `DATA_DIR/mail/` and its path is
 * logged, so a local run needs no mail server. `sendLater` is for messages that follow a change
 * already committed: it never throws, retries a failed send and logs the outcome.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends one message now; throws when it could not be sent or written. */
  async send(message: MailMessage): Promise<SentMail> {
    const info = (await this.transport.sendMail({ from: this.options.from, ...message })) as { messageId: string; message?: Buffer };
    if (this.options.smtpUrl) return { via: 'smtp', messageId: info.messageId };
    if (!info.message) throw new Error('the stream transport gave no message');
    await mkdir(this.options.mailDir, { recursive: true });
    const file = path.join(this.options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message);
    this.options.log.info({ file, to: message.to, subject: message.subject }, 'mail written');
    return { via: 'file', file };
  }

  /**
   * Sends `build()`'s message in the background, after the caller's transaction has committed: a
   * failure is logged and tried again (`retryDelaysMs`), and never reaches the caller. `null` from
   * `build` means there is nothing to send.
   */
  sendLater(kind: string, build: () => Promise<MailMessage | null>): void {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const job = (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const message = await build();
          if (!message) return;
          const sent = await this.send(message);
          if (sent.via === 'smtp') this.options.log.info({ kind, messageId: sent.messageId }, 'mail sent');
          return;
        } catch (err) {
          const wait = delays[attempt];
          if (wait === undefined) {
            this.options.log.error({ err, kind }, 'mail could not be sent; giving up');
            return;
          }
          this.options.log.warn({ err, kind, attempt: attempt + 1 }, 'mail could not be sent; trying again');
          await sleep(wait);
        }
      }
    })();
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Waits for every message `sendLater` still has in hand (shutdown, tests). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  close(): void {
    this.transport.close();
  }
}
