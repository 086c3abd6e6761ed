import { sql, type Column, type SQL } from 'drizzle-orm';

import { isEmbedded, type Database } from './client';

/** A product's (or any row's) id as the statements take it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** PostgreSQL's duplicate_prepared_statement, here or as the cause of drizzle's error. */
function isAlreadyPrepared(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code === '42P05' || (cause !== undefined && isAlreadyPrepared(cause));
}

/**
 * A statement of the embedded database over a list of ids (`$1`, a `uuid[]`), prepared by SQL's
 * own PREPARE: PGlite's driver parses and plans every statement it is sent (1.5 of its 2.5 ms for
 * a page of 24 products), and its one session keeps a prepared statement for good. The server's
 * statements are prepared by the driver instead (`.prepare(name)`), once per connection.
 * EXECUTE takes no bound parameters: the ids are checked to be uuids and spelled out.
 */
export function embeddedStatement<Row>(name: string, statement: SQL): (db: Database, ids: string[]) => Promise<Row[]> {
  const prepared = new WeakMap<Database, Promise<unknown>>();
  return async (db, ids) => {
    let ready = prepared.get(db);
    if (!ready) {
      ready = db.execute(sql`prepare ${sql.raw(name)}(uuid[]) as ${statement}`).catch((error: unknown) => {
        // Prepared already in this session (by another database object over it): the same statement.
        if (!isAlreadyPrepared(error)) throw error;
      });
      prepared.set(db, ready);
      // A failed PREPARE is tried again by the next call.
      ready.catch(() => prepared.delete(db));
    }
    await ready;
    if (!ids.every((id) => UUID.test(id))) throw new Error('Not an id');
    const result: unknown = await db.execute(sql.raw(`execute ${name}('{${ids.join(',')}}')`));
    return (result as { rows: Row[] }).rows;
  };
}

/** A statement over a list of ids on each kind of database, as `statementOverIds` takes it. */
export interface OverIds<Row> {
  /** The server's statement, prepared by the driver under its name, the ids as the placeholder `ids` (a `uuid[]`). */
  server: (db: Database) => { execute(values: { ids: string }): Promise<Row[]> };
  /** The embedded database's, as `embeddedStatement` takes it: its name, and its SQL with the ids as `$1`. */
  embedded: { name: string; statement: SQL };
}

/**
 * A statement over a list of ids, run by whichever preparation suits the database it is given:
 * the server's by the driver (`.prepare(name)`, once per database object, so planned once per
 * connection), the embedded database's by SQL's PREPARE (`embeddedStatement`, once per session).
 * Its callers pass both statements and run one function, never asking which database they have.
 */
export function statementOverIds<Row>(statements: OverIds<Row>): (db: Database, ids: string[]) => Promise<Row[]> {
  const onEmbedded = embeddedStatement<Row>(statements.embedded.name, statements.embedded.statement);
  const prepared = new WeakMap<Database, ReturnType<OverIds<Row>['server']>>();
  return (db, ids) => {
    if (isEmbedded(db)) return onEmbedded(db, ids);
    let statement = prepared.get(db);
    if (!statement) {
      statement = statements.server(db);
      prepared.set(db, statement);
    }
    return statement.execute({ ids: `{${ids.join(',')}}` });
  };
}

/** A select list naming each column as `columns` does, as the query builder's rows name them. */
export function namedColumns(columns: Record<string, Column | SQL>): SQL {
  return sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
}
