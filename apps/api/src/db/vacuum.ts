import { sql } from 'drizzle-orm';

import { isEmbedded, type Executor } from './client';

/**
 * Marks the products table's new pages all-visible on the embedded database, which has no
 * autovacuum (decision 0040): until then an index-only scan still reads every row it passes in
 * the table itself, and shoppers' lists (`products_published_*_idx`) stay as slow as a scan.
 * Only the visibility map is written — no index cleanup, no truncation, no TOAST table, no
 * database-wide statistics — so it costs a few milliseconds per few thousand new rows. A server
 * has autovacuum: nothing is done there. Outside any transaction (VACUUM cannot run in one).
 */
export async function vacuumNewProducts(db: Executor): Promise<void> {
  if (!isEmbedded(db)) return;
  await db.execute(sql.raw('vacuum (index_cleanup off, truncate off, process_toast false, skip_database_stats true) products'));
}
