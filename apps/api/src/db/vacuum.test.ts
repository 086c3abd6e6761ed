import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';

import { useTestApp } from '../test/test-app';

import { rowsOf } from './client';
import { vacuumNewProducts } from './vacuum';

const t = useTestApp();
const onServer = inject('dbKind') === 'postgres';

/** The statement's rows, from either driver. */

/** Pages of the products table the visibility map marks visible to all (0 on a server, where it is autovacuum's). */
async function allVisiblePages(): Promise<number> {
  const result = await t.database.db.execute(sql`select relallvisible::int as pages from pg_class where relname = 'products'`);
  return Number(rowsOf<{ pages: number }>(result)[0]?.pages ?? 0);
}

describe('vacuumNewProducts', () => {
  it.skipIf(onServer)('marks the products table visible to all, so lists can read their indexes alone (only on the embedded database: PGlite has no autovacuum)', async () => {
    await expect(vacuumNewProducts(t.database.db)).resolves.toBeUndefined();
    expect(await allVisiblePages()).toBeGreaterThan(0);
    // A published list's page then comes from the index alone, without a visit to the table.
    const plan = await t.database.db.execute(sql`explain (analyze, costs off) select id from products where status = 'published' order by position, id limit 24 offset 100`);
    const text = rowsOf<Record<string, unknown>>(plan)
      .map((row) => String(Object.values(row)[0]))
      .join('\n');
    expect(text).toContain('Index Only Scan using products_published_position_idx');
    expect(text).toContain('Heap Fetches: 0');
  });

  it.runIf(onServer)('does nothing and never fails (only on the PostgreSQL server: autovacuum does this there)', async () => {
    const before = await allVisiblePages();
    await expect(vacuumNewProducts(t.database.db)).resolves.toBeUndefined();
    expect(await allVisiblePages()).toBe(before);
  });
});
