import type { AppDependencies } from '../../../server/app';
import { AttemptThrottle, type CredentialThrottles } from '../../../server/auth/attempt-throttle';
import { openDatabase, type Database } from '../../../server/db/database';
import { startPostgres } from '../../../scripts/stack/postgres-server';
import { startTestApi, type TestApi } from '../../../scripts/stack/test-api';
import { openTestDatabase } from './test-database';

/** A database and the API host serving it. */
export interface DatabaseAndApi {
  readonly db: Database;
  readonly api: TestApi;
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
 * Opens a database with `open` and starts an API host on it before the tests of the block this is
 * called in (a file or a describe), and closes both after them. The object returned reads the two
 * once they have started, so read it inside hooks and tests; before, it throws. Jest runs a
 * block's afterAll hooks in the order they are declared, so these two close before any the file
 * declares after this call: a file whose own afterAll still needs the host starts its own.
 */
function databaseAndApiAround(
  name: string,
  open: () => Promise<OpenedDatabase>,
  overrides: Partial<AppDependencies>,
): DatabaseAndApi {
  let opened: OpenedDatabase | undefined;
  let api: TestApi | undefined;

  beforeAll(async () => {
    opened = await open();
    api = await startTestApi(opened.db, overrides);
  });

  afterAll(async () => {
    await api?.close();
    await opened?.close();
  });

  const started = () => {
    if (!opened || !api) throw new Error(`The ${name} database and its API host have not started.`);
    return { db: opened.db, api };
  };
  return {
    get db() {
      return started().db;
    },
    get api() {
      return started().api;
    },
  };
}

/**
 * A fresh PGlite database (a copy of this run's migrated one) and an API host serving it, with
 * `overrides` of the host's dependencies, for the tests of the block this is called in: started
 * before them, closed after them (see `databaseAndApiAround`).
 */
export function testDatabaseAndApi(overrides: Partial<AppDependencies> = {}): DatabaseAndApi {
  return databaseAndApiAround('test', openTestDatabase, overrides);
}

/**
 * Sign-in throttles no test reaches, for files that fail logins on purpose (an old password, a
 * refused registration) and must not trip the limits test/server/login.test.ts covers.
 */
export function lenientLoginThrottles(): Pick<
  CredentialThrottles,
  'loginAddress' | 'loginAccount'
> {
  return {
    loginAddress: new AttemptThrottle({ name: 'lenient-address', limit: 1000, windowMs: 60_000 }),
    loginAccount: new AttemptThrottle({ name: 'lenient-account', limit: 1000, windowMs: 60_000 }),
  };
}

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
      const started = databaseAndApiAround(name, open, {});
      define(() => started);
    });
  }
}
