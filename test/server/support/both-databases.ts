import { openDatabase, type Database } from '../../../server/db/database';
import { startPostgres } from '../../../scripts/stack/postgres-server';
import { startTestApi, type TestApi } from '../../../scripts/stack/test-api';
import { openTestDatabase } from './test-database';

/** A database and the API host serving it. */
export interface DatabaseAndApi {
  db: Database;
  api: TestApi;
}

interface OpenedDatabase {
  db: Database;
  close(): Promise<void>;
}

/** A throw-away PostgreSQL server and one connection pool to it; closing stops the server. */
async function openPostgres(): Promise<OpenedDatabase> {
  const postgres = await startPostgres();
  const connection = await openDatabase({ databaseUrl: postgres.url });
  return {
    db: connection.db,
    close: async () => {
      await connection.close();
      await postgres.stop();
    },
  };
}

const databases: Array<[string, () => Promise<OpenedDatabase>]> = [
  ['PGlite', openTestDatabase],
  ['PostgreSQL', openPostgres],
];

/**
 * Describes the same tests twice, on the embedded PGlite database and on a PostgreSQL server,
 * each with an API host of its own: `define` reads the current database and host through
 * `current()` once its describe block has started them. The title is followed by the database's
 * name ("concurrent requests on PGlite").
 */
export function describeOnBothDatabases(
  title: string,
  define: (current: () => DatabaseAndApi) => void,
): void {
  for (const [name, open] of databases) {
    describe(`${title} ${name}`, () => {
      let opened: OpenedDatabase | undefined;
      let api: TestApi | undefined;

      beforeAll(async () => {
        opened = await open();
        api = await startTestApi(opened.db);
      });

      afterAll(async () => {
        await api?.close();
        await opened?.close();
      });

      define(() => {
        if (!opened || !api) throw new Error(`The ${name} database has not started.`);
        return { db: opened.db, api };
      });
    });
  }
}
