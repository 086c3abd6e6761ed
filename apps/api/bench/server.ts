// The built server in a process of its own, for the benchmarks.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

import { API_ROOT } from '../src/paths';

export interface Server {
  url: string;
  /** The server's process id (to read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Starts the built server (`node dist/server.js`) in a process of its own; ready at health 200. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(API_ROOT, 'dist', 'server.js')], {
    // The benches sign up a few hundred shoppers from 127.0.0.1, more than a real address would.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SIGNUP_LIMIT: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited before it was ready');
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}

