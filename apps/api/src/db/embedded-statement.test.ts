import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';

import { openDatabase, type Database } from './client';
import { embeddedStatement } from './embedded-statement';

const FIRST = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';

describe('embeddedStatement', () => {
  it('runs a statement over ids by its name, for every database object over the one session', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await handle.db.execute(sql`create table t (id uuid primary key, n int not null)`);
      await handle.db.execute(sql`insert into t values (${FIRST}, 1), (${SECOND}, 2)`);
      const byIds = embeddedStatement<{ n: number }>('t_by_ids', sql`select n from t where id = any($1) order by n`);
      expect(await byIds(handle.db, [SECOND, FIRST])).toEqual([{ n: 1 }, { n: 2 }]);
      expect(await byIds(handle.db, [FIRST])).toEqual([{ n: 1 }]);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const sameSession = drizzle({ client }) as unknown as Database;
      // Prepared already in the session: the second object runs the same statement.
      expect(await byIds(sameSession, [SECOND])).toEqual([{ n: 2 }]);
      const prepared: unknown = await handle.db.execute(sql`select count(*)::int as n from pg_prepared_statements where name = 't_by_ids'`);
      expect((prepared as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it('refuses anything but ids, which it spells out in the statement', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await handle.db.execute(sql`create table t (id uuid primary key, n int not null)`);
      const byIds = embeddedStatement<{ n: number }>('t_refusing', sql`select n from t where id = any($1)`);
      await expect(byIds(handle.db, [`${FIRST}'); drop table t; --`])).rejects.toThrow('Not an id');
      expect(await byIds(handle.db, [FIRST])).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
