import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when it is set', async () => {
    const secret = await resolveJwtSecret({ jwtSecret: 'x'.repeat(40), dataDir: '/nonexistent' });
    expect(new TextDecoder().decode(secret)).toBe('x'.repeat(40));
  });

  it('otherwise generates one secret in DATA_DIR, readable only by its owner, and keeps it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-secret-'));
    dirs.push(dataDir);
    const [first, second] = await Promise.all([
      resolveJwtSecret({ jwtSecret: undefined, dataDir }),
      resolveJwtSecret({ jwtSecret: undefined, dataDir }),
    ]);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(second).toEqual(first);
    expect(await resolveJwtSecret({ jwtSecret: undefined, dataDir })).toEqual(first);
    expect((await readFile(file, 'utf8')).length).toBe(64);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
