import { sql } from 'drizzle-orm';

import type { Database } from '../../db/client';

/** Resolves once the database answers a trivial query; rejects (a 500) when it does not. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Whether the database answers a trivial query within `timeoutMs` (never rejects). */
export async function databaseAnswers(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([checkDatabase(db).then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
