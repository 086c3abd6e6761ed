import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Config } from '../config/env';

/** The file in DATA_DIR that keeps the generated secret across restarts. */
export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The key tokens are signed with: JWT_SECRET when set, else a random 48-byte secret generated on
 * first start and kept in DATA_DIR (mode 0600), so tokens survive a restart. Several processes
 * sharing DATA_DIR agree on one file: the first to create it wins (`wx`), the others read it.
 * Processes on different machines must share JWT_SECRET.
 */
export async function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to generate a new one`);
  return new TextEncoder().encode(secret);
}
