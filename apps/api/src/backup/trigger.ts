// The local-only way to ask the running shop for a backup of the embedded database, which no
// other process may open while the shop has it: a Unix socket `DATA_DIR/backup.sock`, readable
// and writable by the shop's user only (never an HTTP route). The asker writes `backup\n`; the
// shop answers one JSON line, `{"file": "/abs/path"}` or `{"error": "message"}`, and closes.
import { existsSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** Where the running shop listens for backup requests. */
export const triggerSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** prepareDatabase opens the embedded database in `DATA_DIR/pglite`. */
export const embeddedDataFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Whether a process has the embedded database open: PGlite takes no lock on its folder, but keeps
 * a `postmaster.pid` in it while open (the sign `npm run orders` also reads).
 */
export const embeddedDatabaseOpen = (dataDir: string) => existsSync(path.join(embeddedDataFolder(dataDir), 'postmaster.pid'));

/** What the shop answered: the file it wrote, or why it could not. */
export type TriggerAnswer = { file: string } | { error: string };

const AnswerSchema = z.union([z.object({ file: z.string().min(1) }), z.object({ error: z.string() })]);

/** Nobody answers on the socket: no shop runs on this folder (or an older one without the trigger). */
const NOT_LISTENING = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK', 'EINVAL', 'ENAMETOOLONG']);

/**
 * Asks the shop running on `dataDir` for a backup and waits for its answer (`timeoutMs`, long:
 * a big database takes a while). Answers null when no shop listens there.
 */
export function askRunningShop(dataDir: string, timeoutMs = 10 * 60_000): Promise<TriggerAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(triggerSocketPath(dataDir));
    let reply = '';
    let connected = false;
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`The running shop did not answer within ${Math.round(timeoutMs / 1000)} s`)));
    socket.on('connect', () => {
      connected = true;
      socket.end('backup\n');
    });
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.length > 64 * 1024) socket.destroy(new Error('The answer on the backup socket is too long'));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && error.code && NOT_LISTENING.has(error.code)) resolve(null);
      else reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      let parsed: TriggerAnswer;
      try {
        parsed = AnswerSchema.parse(JSON.parse(reply.trim()));
      } catch {
        return reject(new Error(`The running shop gave no usable answer on ${triggerSocketPath(dataDir)}`));
      }
      resolve(parsed);
    });
  });
}

/** Whether a process accepts connections on the socket (a stale file from a killed shop does not). */
async function someoneListens(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * Listens on `DATA_DIR/backup.sock` and answers each request with `take()`'s file. Answers a
 * function that stops listening and removes the socket; when the socket cannot be made (another
 * shop listens, or the path is too long for a Unix socket) it logs a warning and answers a no-op.
 */
export async function listenForBackupRequests(dataDir: string, take: () => Promise<string>, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socketPath = triggerSocketPath(dataDir);
  if (await someoneListens(socketPath)) {
    log.warn({ socket: socketPath }, 'another process answers backup requests on this data folder; this one does not');
    return () => Promise.resolve();
  }
  // Left behind by a shop that was killed: nobody listens on it.
  await rm(socketPath, { force: true });

  // Half-open: the asker ends its side after the request and still reads the answer.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let request = '';
    let answered = false;
    const answer = (body: TriggerAnswer) => {
      if (answered) return;
      answered = true;
      socket.end(`${JSON.stringify(body)}\n`);
    };
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      request += chunk.toString();
      if (!request.includes('\n') && request.length < 64) return;
      if (request.trim() !== 'backup') return answer({ error: 'Unknown request: send "backup"' });
      take().then(
        (file) => {
          log.info({ file }, 'backup written on request');
          answer({ file });
        },
        (err: unknown) => {
          log.error({ err }, 'backup on request failed');
          answer({ error: err instanceof Error ? err.message : String(err) });
        },
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(socketPath, 0o600);
  } catch (err) {
    server.close();
    log.warn({ err, socket: socketPath }, 'cannot listen for backup requests: stop the shop to run `npm run backup` on the embedded database');
    return () => Promise.resolve();
  }
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}
