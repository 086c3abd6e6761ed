// The second half of a CSV import (docs/decisions/0035, 0052): the staged rows written to the
// catalog, in one transaction on a PostgreSQL server or in short ones on the embedded database,
// and resumed at start-up after a crash.
import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';

import type { ImportCounts } from '@dukkan/contracts/admin-products';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';

import { isEmbedded, type Database, type Executor } from '../../../db/client';
import { productImportRows, productImports, staff } from '../../../db/schema';
import { vacuumNewProducts } from '../../../db/vacuum';
import { bumpCatalogVersion } from '../../../lib/catalog-version';
import { foregroundQuiet } from '../../../lib/foreground';
import { recordAudit, type AuditActor } from '../audit/record';
import { PLACEHOLDER_IMAGE } from '../photos/photo-urls';

/**
 * Whether a staged update changes its product. A row that names no subcategory (null) keeps the
 * product's, unless it moves it to another department, which `category_id` already tells.
 */
const DISTINCT_FROM_STAGED = sql`(p.category_id, p.subcategory_id, p.status, p.title_en, p.title_ar, p.description_en, p.description_ar, p.brand_en, p.brand_ar, p.price_cents, p.list_price_cents, p.quantity)
  is distinct from (s.category_id, coalesce(s.subcategory_id, p.subcategory_id), s.status, s.title_en, s.title_ar, s.description_en, s.description_ar, s.brand_en, s.brand_ar, s.price_cents, s.list_price_cents, s.quantity)`;

/** The first row of a raw statement's result (`execute` answers each driver's own type; both have `rows`). */
function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows: T[] }).rows[0];
}

const count = (result: unknown): number => Number((result as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);

/** A dry run's answer: what applying would create and change. */
export async function countStaged(db: Database, importId: string): Promise<{ created: number; updated: number }> {
  const created = count(await db.execute(sql`select count(*)::int as n from product_import_rows s where s.import_id = ${importId} and s.is_create`));
  const updated = count(
    await db.execute(sql`select count(*)::int as n from product_import_rows s join products p on p.id = s.product_id
      where s.import_id = ${importId} and not s.is_create and ${DISTINCT_FROM_STAGED}`),
  );
  return { created, updated };
}

/** Staged rows one statement of the apply writes on the server, inside its one transaction. */
export const APPLY_CHUNK_ROWS = 2000;
/**
 * Staged rows one short transaction applies on the embedded database: PGlite runs each statement
 * in the API's own thread and one transaction at a time, so every shopper's request waits for
 * the statement (and the transaction) in progress. 50 rows take about 20 ms; 100 rows made the
 * apply 7% faster and the shoppers' p99 meanwhile 40% slower (decision 0040).
 */
export const EMBEDDED_APPLY_ROWS = 50;
/** The pause between two deletes of the staged rows after an embedded apply. */
const EMBEDDED_PAUSE_MS = 1;
/**
 * The longest an import's next step (a batch checked, a short transaction of an embedded apply)
 * waits for the requests in flight to be answered.
 */
export const MAX_GIVE_WAY_MS = 50;
/** Staged rows one statement deletes after an embedded apply. */
const EMBEDDED_DELETE_ROWS = 2000;
/**
 * The GIN indexes' pending list an embedded apply's transaction lets grow (PostgreSQL's default
 * is 4 MB): merging a long list into the search and trigram indexes is one long pause for every
 * shopper; short lists are merged often, in short pauses.
 */
const EMBEDDED_GIN_PENDING_LIST = '128kB';
/** On the embedded database, the products' statistics are gathered after this many rows, then each time they double. */
const EMBEDDED_ANALYZE_FIRST = 1000;
/**
 * The columns shoppers' and the back office's lists filter and sort by: while an import runs on
 * the embedded database only their statistics are gathered, a third of the pause of a whole
 * ANALYZE (the texts and the search document are the costly columns); the whole table's follow
 * at the end.
 */
const PLANNER_COLUMNS = sql.raw('(id, status, category_id, subcategory_id, position, price_cents, quantity, updated_at)');
/** The statistics target of the ANALYZEs while an import runs (PostgreSQL's default is 100). */
const IMPORT_STATISTICS_TARGET = 10;

/** ANALYZE of `target` (a table, with its columns or not) from a small sample: 3 000 rows, not 30 000. */
async function analyzeSampled(db: Database, target: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local default_statistics_target = ${IMPORT_STATISTICS_TARGET}`));
    await tx.execute(sql`analyze ${target}`);
  });
}
/** On the embedded database, the rows an import applied are vacuumed this often (a few ms each; db/vacuum.ts). */
const EMBEDDED_VACUUM_EVERY = 2000;
/** On the embedded database, shoppers' caches learn of the rows applied so far this often. */
const EMBEDDED_BUMP_EVERY_MS = 3000;

/** Whether an import's staged rows include new products, and known ones: a chunk skips the statements of a kind the import has none of. */
type ImportKinds = { creates: boolean; updates: boolean };

async function stagedKinds(db: Executor, importId: string): Promise<ImportKinds> {
  const kinds = firstRow<{ creates: boolean | null; updates: boolean | null }>(
    await db.execute(sql`select bool_or(is_create) as creates, bool_or(not is_create) as updates from product_import_rows where import_id = ${importId}`),
  );
  return { creates: kinds?.creates ?? false, updates: kinds?.updates ?? false };
}

/**
 * Writes the staged rows with `line` in [lo, hi): a stock-ledger row ('import') for every
 * quantity that changes, `update ... from` the staging rows for known ids (counting only rows
 * whose values change), `insert ... select` for new ones at the end of the catalog's order.
 */
async function applyLines(tx: Executor, importId: string, staffId: string | null, lo: number, hi: number, kinds: ImportKinds): Promise<ImportCounts> {
  const chunk = sql`s.import_id = ${importId} and s.line >= ${lo} and s.line < ${hi}`;
  const updated = kinds.updates ? await updateKnown(tx, chunk, staffId) : 0;
  const created = kinds.creates ? await insertNew(tx, chunk, staffId) : 0;
  return { created, updated };
}

/** `applyLines` for the chunk's known ids: their ledger rows, then their new values. */
async function updateKnown(tx: Executor, chunk: SQL, staffId: string | null): Promise<number> {
  await tx.execute(sql`insert into stock_ledger (product_id, kind, quantity_before, quantity_after, staff_id)
    select p.id, 'import', p.quantity, s.quantity, ${staffId}::uuid from products p join product_import_rows s on s.product_id = p.id
    where ${chunk} and not s.is_create and p.quantity <> s.quantity`);
  return count(
    await tx.execute(sql`with changed as (
      update products p set
        category_id = s.category_id,
        -- The named subcategory; none named: the current one in the same department, else the first of the new department.
        subcategory_id = coalesce(s.subcategory_id, case when p.category_id = s.category_id then p.subcategory_id
          else (select sc.id from subcategories sc where sc.category_id = s.category_id order by sc.position limit 1) end),
        status = s.status, title_en = s.title_en, title_ar = s.title_ar, description_en = s.description_en,
        description_ar = s.description_ar, brand_en = s.brand_en, brand_ar = s.brand_ar, price_cents = s.price_cents,
        list_price_cents = s.list_price_cents, quantity = s.quantity, updated_at = now()
      from product_import_rows s
      where ${chunk} and not s.is_create and s.product_id = p.id and ${DISTINCT_FROM_STAGED}
      returning 1)
    select count(*)::int as n from changed`),
  );
}

/**
 * `applyLines` for the chunk's new products, at the end of the catalog's order (so of their
 * department), with their ledger rows: one statement, the ledger taken from what was inserted.
 */
async function insertNew(tx: Executor, chunk: SQL, staffId: string | null): Promise<number> {
  return count(
    await tx.execute(sql`with added as (
      insert into products (id, slug, category_id, subcategory_id, title_en, title_ar, description_en, description_ar, brand_en, brand_ar,
        price_cents, list_price_cents, quantity, rating_tenths, review_count, thumbnail, images, position, status)
      select s.product_id, s.slug, s.category_id, s.subcategory_id, s.title_en, s.title_ar, s.description_en, s.description_ar, s.brand_en, s.brand_ar,
        s.price_cents, s.list_price_cents, s.quantity, 0, 0, ${PLACEHOLDER_IMAGE}, '{}'::text[],
        (select coalesce(max(position), 0) from products) + row_number() over (order by s.line), s.status
      from product_import_rows s where ${chunk} and s.is_create
      returning id, quantity),
    ledger as (
      insert into stock_ledger (product_id, kind, quantity_before, quantity_after, staff_id)
      select a.id, 'import', 0, a.quantity, ${staffId}::uuid from added a where a.quantity > 0)
    select count(*)::int as n from added`),
  );
}

/**
 * The end of an apply, in its last transaction: shoppers' caches and pages follow on every
 * process (decision 0034), the audit record, and the import marked done with its counts, so a
 * restart never applies it twice.
 */
async function finishApply(tx: Executor, importId: string, actor: AuditActor, counts: ImportCounts): Promise<void> {
  await bumpCatalogVersion(tx);
  await recordAudit(tx, actor, { action: 'import.apply', entityType: 'import', entityId: importId, after: counts });
  await tx.update(productImports).set({ status: 'done', ...counts, finishedAt: sql`now()` }).where(eq(productImports.id, importId));
}

/**
 * Applies an import's staged rows (every row was checked before the first is written). The
 * staging table's statistics are gathered first: without them the planner may read the whole
 * table for every chunk.
 * - On a PostgreSQL server, in one transaction (decision 0035): the rows it changes are locked
 *   first, all at once in id order as orders lock them, so stock never races and no order
 *   deadlocks with the import; other connections go on meanwhile.
 * - On the embedded database, in short transactions of EMBEDDED_APPLY_ROWS lines, each adding
 *   its counts to the import's row and recording the line it applied through, with the event loop
 *   free between them: one long transaction would stop the whole shop (decision 0040). Shoppers
 *   see the new rows as they are applied; after a crash the next start applies the lines after
 *   the last committed one (`resumeImports`).
 */
export async function applyStaged(db: Database, importId: string, actor: AuditActor): Promise<ImportCounts> {
  // The chunks' plans need only the table's size and the lines' range, and the default's 30 000
  // rows sampled were one long pause for every shopper of the embedded database.
  await analyzeSampled(db, sql`product_import_rows`);
  const totals = isEmbedded(db) ? await applyInShortTransactions(db, importId, actor) : await db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`select 1 from product_imports where id = ${importId} and status = 'applying' for update skip locked`);
    if (firstRow(claimed) === undefined) return { created: 0, updated: 0 };
    await tx.execute(sql`select count(*) from (select p.id from products p join product_import_rows s on s.product_id = p.id
      where s.import_id = ${importId} and not s.is_create order by p.id for update of p) as locked`);
    const range = await lineRange(tx, importId);
    const kinds = await stagedKinds(tx, importId);
    const counts = await countsSoFar(tx, importId);
    for (let lo = range.lo; lo <= range.hi; lo += APPLY_CHUNK_ROWS) {
      const applied = await applyLines(tx, importId, actor.id, lo, lo + APPLY_CHUNK_ROWS, kinds);
      counts.created += applied.created;
      counts.updated += applied.updated;
      await yieldToEventLoop();
    }
    await tx.delete(productImportRows).where(eq(productImportRows.importId, importId));
    await finishApply(tx, importId, actor, counts);
    return counts;
  });
  // The planner's statistics follow a big change at once (PGlite never gathers them itself), and
  // the new rows become visible to all; here rather than in runImport, so an import resumed at
  // start-up gets them too.
  await vacuumNewProducts(db);
  if (totals.created + totals.updated >= EMBEDDED_ANALYZE_FIRST) await db.execute(sql`analyze products`);
  return totals;
}

/** What the import's committed transactions applied before this one (0 unless it was interrupted). */
async function countsSoFar(db: Executor, importId: string): Promise<ImportCounts> {
  const [row] = await db.select({ created: productImports.created, updated: productImports.updated }).from(productImports).where(eq(productImports.id, importId));
  return { created: row?.created ?? 0, updated: row?.updated ?? 0 };
}

async function lineRange(db: Executor, importId: string): Promise<{ lo: number; hi: number }> {
  const range = firstRow<{ lo: number; hi: number }>(
    await db.execute(sql`select coalesce(min(line), 0)::int as lo, coalesce(max(line), -1)::int as hi from product_import_rows where import_id = ${importId}`),
  );
  return range ?? { lo: 0, hi: -1 };
}

async function applyInShortTransactions(db: Database, importId: string, actor: AuditActor): Promise<ImportCounts> {
  const range = await lineRange(db, importId);
  const kinds = await stagedKinds(db, importId);
  // An apply a crash interrupted goes on after the last line it committed.
  const [progress] = await db.select({ appliedThrough: productImports.appliedThrough }).from(productImports).where(eq(productImports.id, importId));
  let bumpedAt = performance.now();
  let applied = 0;
  let analyzedAt = 0;
  let vacuumedAt = 0;
  for (let lo = Math.max(range.lo, progress?.appliedThrough ?? 0); lo <= range.hi; lo += EMBEDDED_APPLY_ROWS) {
    const hi = lo + EMBEDDED_APPLY_ROWS;
    applied += hi - lo;
    // PGlite has no autovacuum: the planner knows of the new rows only from ANALYZE, and
    // without it shoppers' queries pick plans made for a small table.
    if (applied >= Math.max(EMBEDDED_ANALYZE_FIRST, 2 * analyzedAt)) {
      // A shorter pause, and these columns' plans need no more.
      await analyzeSampled(db, sql`products ${PLANNER_COLUMNS}`);
      analyzedAt = applied;
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local gin_pending_list_limit = '${EMBEDDED_GIN_PENDING_LIST}'`));
      const applied = await applyLines(tx, importId, actor.id, lo, hi, kinds);
      await tx
        .update(productImports)
        .set({ created: sql`${productImports.created} + ${applied.created}`, updated: sql`${productImports.updated} + ${applied.updated}`, appliedThrough: hi })
        .where(eq(productImports.id, importId));
    });
    // The rows applied so far become visible to all, so shoppers' lists read their indexes alone.
    if (applied - vacuumedAt >= EMBEDDED_VACUUM_EVERY) {
      await foregroundQuiet(MAX_GIVE_WAY_MS);
      await vacuumNewProducts(db);
      vacuumedAt = applied;
    }
    if (performance.now() - bumpedAt >= EMBEDDED_BUMP_EVERY_MS) {
      await bumpCatalogVersion(db);
      bumpedAt = performance.now();
    }
    // The requests in flight go first: a shopper's statement then waits at most for the one
    // transaction already running, never behind the next ones.
    await foregroundQuiet(MAX_GIVE_WAY_MS);
  }
  const counts = await db.transaction(async (tx) => {
    const counts = await countsSoFar(tx, importId);
    await finishApply(tx, importId, actor, counts);
    return counts;
  });
  // The staged rows go after the import is done, a few thousand at a time: one delete of every
  // row would be one long pause for every shopper.
  for (let lo = range.lo; lo <= range.hi; lo += EMBEDDED_DELETE_ROWS) {
    await db.delete(productImportRows).where(and(eq(productImportRows.importId, importId), gte(productImportRows.line, lo), lt(productImportRows.line, lo + EMBEDDED_DELETE_ROWS)));
    await sleep(EMBEDDED_PAUSE_MS);
  }
  return counts;
}

/**
 * Finishes the imports a crash interrupted while they were being applied (their rows all
 * checked, some perhaps written): on the embedded database the rows still staged, on a server
 * the whole import again (its one transaction was rolled back). Run once at start-up; on a
 * server a second process finds the import claimed or done and leaves it.
 */
export async function resumeImports(db: Database): Promise<string[]> {
  const interrupted = await db
    .select({ id: productImports.id, staffId: productImports.staffId, email: staff.email, role: staff.role })
    .from(productImports)
    .leftJoin(staff, eq(staff.id, productImports.staffId))
    .where(and(eq(productImports.status, 'applying'), eq(productImports.dryRun, false)));
  for (const row of interrupted) {
    const actor: AuditActor = { id: row.staffId, email: row.email ?? 'unknown', role: row.role ?? null, address: 'restart' };
    await applyStaged(db, row.id, actor);
  }
  return interrupted.map((row) => row.id);
}
