import { readFileSync } from 'node:fs';
import os from 'node:os';

import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

import { API_ROOT } from '../../paths';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 iterations, 1 lane):
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
 * `@node-rs/argon2` hashes on libuv's thread pool, so sign-ins never block the event loop.
 * Its default algorithm is argon2id (the enum is a `const enum`, which isolated modules can't read).
 */
const ARGON2_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing shares libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise) with
 * zlib (compressed answers), file reads and WebCrypto. Unbounded, a burst of sign-ins would fill
 * every thread and make catalog answers wait behind them; so at most this many hash at once,
 * never more than the machine has cores, always leaving two threads for everything else.
 */
const THREAD_POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const HASH_CONCURRENCY = Math.max(1, Math.min(os.availableParallelism(), THREAD_POOL_SIZE - 2));
const hashing = pLimit(HASH_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for a sign-in with an unknown email, so the
 * answer's timing does not tell which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dukkan-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Shipped beside the sources and copied next to the bundle: `src/modules/users/common-passwords.txt`. */
const COMMON_PASSWORDS_FILE = `${API_ROOT}/src/modules/users/common-passwords.txt`;
let commonPasswords: Set<string> | undefined;

/** True for one of the 1,000 most common passwords (exact, case-sensitive match). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords.has(password);
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common one.';
