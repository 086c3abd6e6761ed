import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { openDatabase, rowsOf } from './client';

/** The statement's rows, from either driver. */

describe('openDatabase (embedded)', () => {
  it('does not zero-fill new WAL segments, which stalled the statement that crossed into one', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      expect(rowsOf<{ wal_init_zero: string }>(await handle.db.execute(sql`show wal_init_zero`))[0]?.wal_init_zero).toBe('off');
    } finally {
      await handle.close();
    }
  });
});
