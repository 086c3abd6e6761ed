// The database behind a transaction-mode pooler (PgBouncer, decision 0061), on the PostgreSQL
// server (api-pg): a plain TCP relay stands in for the pooler, so the test can start it late.
import net from 'node:net';

import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../test/test-app';

import { openDatabase, rowsOf } from './client';
import { products } from './schema';

const isPostgres = inject('dbKind') === 'postgres';
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A port nobody listens on yet. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Relays every connection on `port` to the server of `target`: the stand-in pooler. */
async function startRelay(port: number, target: URL): Promise<net.Server> {
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
  return relay;
}

describe.runIf(isPostgres)('the database through a pooler (DATABASE_DIRECT_URL set)', () => {
  it('waits for a pooler that refuses connections while it restarts, and sends statements unnamed', { timeout: 60_000 }, async () => {
    const database: TestDatabase = await createTestDatabase();
    closers.push(() => database.destroy());
    closers.push(() => database.close());
    const direct = new URL(database.url!);
    const port = await freePort();
    const pooled = new URL(direct);
    pooled.port = String(port);
    // One connection, so that every statement below runs in one server session.
    const handle = await openDatabase({ kind: 'postgres', url: pooled.toString(), directUrl: direct.toString(), poolSize: 1 });
    closers.push(() => handle.close());

    // Nobody listens for 700 ms: the first query waits, then runs.
    let relay: net.Server | undefined;
    const late = setTimeout(() => void startRelay(port, direct).then((server) => (relay = server)), 700);
    closers.push(async () => {
      clearTimeout(late);
      if (relay) await new Promise((resolve) => relay!.close(resolve));
    });
    const [product] = await handle.db.select({ id: products.id }).from(products).limit(1);
    expect(product?.id).toBeTruthy();

    // A statement Drizzle prepares by name runs, twice, and leaves no named statement behind.
    const byId = handle.db.select({ id: products.id }).from(products).where(eq(products.id, sql.placeholder('id'))).prepare('pooler_test_by_id');
    expect(await byId.execute({ id: product!.id })).toEqual([{ id: product!.id }]);
    expect(await byId.execute({ id: product!.id })).toEqual([{ id: product!.id }]);
    const prepared = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from pg_prepared_statements`));
    expect(prepared[0]?.n).toBe(0);

    // Without the direct address, the same pool names its statements (the server keeps them).
    const plain = await openDatabase({ kind: 'postgres', url: direct.toString(), poolSize: 1 });
    closers.push(() => plain.close());
    const named = plain.db.select({ id: products.id }).from(products).where(eq(products.id, sql.placeholder('id'))).prepare('pooler_test_by_id');
    await named.execute({ id: product!.id });
    const kept = rowsOf<{ n: number }>(await plain.db.execute(sql`select count(*)::int as n from pg_prepared_statements`));
    expect(kept[0]?.n).toBe(1);
  });
});
