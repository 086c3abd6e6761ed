import { spawn } from 'node:child_process';

import { API_ROOT } from '../paths';

/** What an operator's command did: its exit code and what it printed. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `src/cli/<name>.ts` as the operator does (`npm run <name>`), in its own process, on the
 * embedded database in `dataDir`; `env` adds or overrides variables; `input`, when given, is
 * written to its standard input, which is then closed.
 */
export function runCli(name: 'orders' | 'mail' | 'backup' | 'restore' | 'staff', args: string[], dataDir: string, env: NodeJS.ProcessEnv = {}, input?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', `src/cli/${name}.ts`, ...args], {
      cwd: API_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: '', ...env },
    });
    if (input !== undefined) child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
