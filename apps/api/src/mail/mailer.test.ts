import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Mailer, type MailMessage } from './mailer';

const log = Fastify({ logger: { level: 'silent' } }).log;
const MESSAGE: MailMessage = { to: 'sara@example.com', subject: 'Your order', text: 'Total paid: $49.99', html: '<p>Total paid: <b>$49.99</b></p>' };

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-mail-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the mailer', () => {
  it('writes each message as an .eml file with a text and an HTML part when there is no SMTP server', async () => {
    const mailDir = path.join(dir, 'files');
    const mailer = new Mailer({ smtpUrl: undefined, from: 'Dukkan <shop@example.com>', mailDir, log });
    const sent = await mailer.send(MESSAGE);
    expect(sent.via).toBe('file');
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(mailDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: sara@example.com$/m);
    expect(eml).toMatch(/^Subject: Your order$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Total paid: $49.99');
  });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = new Mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Dukkan <shop@example.com>', mailDir: path.join(dir, 'unused'), log });
    try {
      const sent = await mailer.send(MESSAGE);
      expect(sent.via).toBe('smtp');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: Your order$/m);
      expect(received[0]).toContain('Total paid: $49.99');
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
