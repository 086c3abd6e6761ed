import { readFileSync } from 'node:fs';
import os from 'node:os';
import { gunzipSync } from 'node:zlib';

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

/**
 * The 100,000 most common passwords (SecLists' 10-million list, MIT; decision 0031), gzip-compressed
 * beside the sources, read from there by `src/` and by the bundle alike.
 */
const COMMON_PASSWORDS_FILE = `${API_ROOT}/src/modules/users/common-passwords.txt.gz`;
let commonPasswords: Set<string> | undefined;

/**
 * The list, lower-cased, read once at its first use: about 70 ms and 5 MB of heap on a slow
 * two-core host, the first time someone sets a password, never at start-up.
 */
function commonPasswordSet(): Set<string> {
  if (commonPasswords) return commonPasswords;
  const set = new Set<string>();
  for (const line of gunzipSync(readFileSync(COMMON_PASSWORDS_FILE)).toString('utf8').split('\n')) {
    if (line !== '' && !line.startsWith('#')) set.add(line.toLowerCase());
  }
  commonPasswords = set;
  return set;
}

/** One run of digits at the end (`password123` → `password`). */
const TRAILING_DIGITS = /\d+$/;

/**
 * True when the password is one of the 100,000 most common, ignoring case, or is one of them
 * followed by a run of digits (`Password123`, `sunshine2024`). Nothing looser: digits elsewhere,
 * other endings and longer combinations of listed words are the password's own.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswordSet();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const stripped = lower.replace(TRAILING_DIGITS, '');
  return stripped !== '' && stripped !== lower && list.has(stripped);
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common one.';
