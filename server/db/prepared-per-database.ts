import type { Database } from './database';

/**
 * What a Drizzle prepared statement is bound to: the connection it sends its statements over (the
 * pool, or PGlite, for a database; the pooled connection a transaction holds) and the options of
 * the database it was built from (its logger and cache, which a transaction shares with it). Both
 * are fields of Drizzle's session that its types mark private; without them, the database object.
 */
function bindingOf(db: Database): { options: object; connection: object } {
  const session = db._.session as unknown as { options?: object; client?: object };
  return { options: session.options ?? db, connection: session.client ?? db };
}

/**
 * `prepare` run once per database and connection and its result kept: for the statements every
 * request runs (a Drizzle prepared statement is then built once, and PostgreSQL parses and plans
 * it once per connection). Kept by connection rather than by the database object, so that a
 * statement run inside a transaction is not built afresh for each one: a create's three, rebuilt
 * in every transaction, were 14 % of an API host's profile under the council bench
 * (docs/performance.md). Keyed weakly, so a closed connection's statements go with it.
 */
export function preparedPerDatabase<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const prepared = new WeakMap<object, WeakMap<object, Statement>>();
  return (db) => {
    const { options, connection } = bindingOf(db);
    let byConnection = prepared.get(options);
    if (!byConnection) {
      byConnection = new WeakMap();
      prepared.set(options, byConnection);
    }
    let statement = byConnection.get(connection);
    if (!statement) {
      statement = prepare(db);
      byConnection.set(connection, statement);
    }
    return statement;
  };
}
