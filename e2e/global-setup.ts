import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the built shop (`node apps/api/dist/server.js`) on a free port with a fresh embedded
 * database in a temporary DATA_DIR, and hands its address to the tests in E2E_BASE_URL.
 * DATABASE_URL and REDIS_URL are removed: the browser tests always run on the embedded database,
 * with sign-in failure counters in memory.
 * The back office's first owner is created at that start from OWNER_EMAIL / OWNER_PASSWORD (a fixed
 * test email, a random password of this run) and handed to the tests as E2E_OWNER_EMAIL /
 * E2E_OWNER_PASSWORD: they sign in as the owner through the API to add their own staff members.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-e2e-'));
  const ownerEmail = 'owner@e2e.dukkan.test';
  const ownerPassword = `E2e-${randomBytes(18).toString('base64url')}-Own9`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    OWNER_EMAIL: ownerEmail,
    OWNER_PASSWORD: ownerPassword,
  };
  delete env.DATABASE_URL;
  // Sign-in failure counters stay in this server's memory, never in a Redis that outlives the run.
  delete env.REDIS_URL;
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const log: string[] = [];
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start within 60 s:\n${log.join('')}`)), 60_000);
    server.stdout.setEncoding('utf8');
    server.stderr.setEncoding('utf8');
    server.stderr.on('data', (chunk: string) => log.push(chunk));
    server.stdout.on('data', (chunk: string) => {
      log.push(chunk);
      const match = /is ready on (http:\/\/[\d.]+:\d+)/.exec(chunk);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with code ${code} before it was ready:\n${log.join('')}`));
    });
  });
  process.env.E2E_BASE_URL = baseUrl;
  // Without SMTP the shop writes its mail here (README, Mail); the mail tests read it.
  process.env.E2E_MAIL_DIR = path.join(dataDir, 'mail');
  process.env.E2E_OWNER_EMAIL = ownerEmail;
  process.env.E2E_OWNER_PASSWORD = ownerPassword;

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
