import { sql } from 'drizzle-orm';

import type { Database } from '../../db/client';

/** Resolves once the database answers a trivial query; rejects (a 500) when it does not. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
