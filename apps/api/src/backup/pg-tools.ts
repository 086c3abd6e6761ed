import { spawn } from 'node:child_process';

/** pg_dump or pg_restore is not installed (or not on PATH); the message says what to install. */
export class PgToolMissingError extends Error {
  constructor(tool: string) {
    super(
      `${tool} was not found on PATH. Backups of a PostgreSQL server need the PostgreSQL client programs ` +
        `(pg_dump, pg_restore) of at least the server's major version, e.g. the postgresql-client-15 package for a version 15 server.`,
    );
    this.name = 'PgToolMissingError';
  }
}

/**
 * The connection for a libpq program: the URL without its password, which goes in PGPASSWORD
 * instead so that it never shows in the process list (`ps`).
 */
export function libpqConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { dbname: parsed.toString(), env };
}

/** The database's name in a postgres:// URL, for messages. */
export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || '(default)';

/**
 * Runs pg_dump or pg_restore against `url` with `args`; rejects with the program's own error
 * text (its last lines) when it exits with an error, or `PgToolMissingError` when it is missing.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = libpqConnection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [`--dbname=${dbname}`, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail only: the error is at the end, and a long run must not grow memory.
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new PgToolMissingError(tool) : error));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const hint = /version mismatch/i.test(stderr)
        ? `\n${tool} must be of at least the server's major version: install a newer PostgreSQL client.`
        : '';
      reject(new Error(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}${hint}`));
    });
  });
}
