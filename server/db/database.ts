import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { keepDataDirPrivate } from './keep-data-dir-private';
import * as schema from './schema';

/** The database as route handlers see it, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseOptions {
  /** Directory of the embedded PGlite database; used when databaseUrl is not set. */
  dataDir?: string;
  /** PostgreSQL connection string; takes precedence over dataDir. */
  databaseUrl?: string;
  /**
   * Told when PostgreSQL ends an idle connection of the pool (the server restarting or shutting
   * down, an operator's pg_terminate_backend, a proxy's timeout). The pool drops that connection
   * and opens another when one is needed; without a listener the error would end the process.
   */
  onIdleConnectionLost?: (error: Error) => void;
}

export interface DatabaseConnection {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(__dirname, 'migrations');
// Any constant shared by every API process and CLI run: it serialises migrations on one server.
const migrationLockKey = 4_242_001;

async function openPglite(dataDir: string): Promise<DatabaseConnection> {
  // Private before PGlite writes, and again once it has written and once it has closed: its
  // files take the process umask (server/db/keep-data-dir-private.ts).
  keepDataDirPrivate(dataDir);
  const client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    keepDataDirPrivate(dataDir);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        keepDataDirPrivate(dataDir);
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function openPostgres(
  databaseUrl: string,
  onIdleConnectionLost: (error: Error) => void = () => {},
): Promise<DatabaseConnection> {
  const pool = new Pool({ connectionString: databaseUrl });
  pool.on('error', onIdleConnectionLost);
  try {
    const client = await pool.connect();
    try {
      // Several API processes may start at once against one server: one migrates, the others wait.
      await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
      await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
      client.release();
    }
    return {
      db: drizzleNodePostgres({ client: pool, schema }),
      kind: 'postgres',
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in dataDir
 * (created on first use), and brings the schema up to date with the one migration set.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onIdleConnectionLost);
  if (!options.dataDir) throw new Error('openDatabase needs a dataDir or a databaseUrl.');
  return openPglite(options.dataDir);
}
