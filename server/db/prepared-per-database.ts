import type { Database } from './database';

/**
 * `prepare` run once per database and its result kept: for the statements every request runs
 * (a Drizzle prepared statement is then built once, and PostgreSQL parses and plans it once per
 * connection). Keyed weakly, so a closed database's statements go with it.
 */
export function preparedPerDatabase<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const prepared = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
