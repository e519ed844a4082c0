import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../server/db/database';

export interface TestDatabase {
  db: Database;
  dataDir: string;
  /** Closes the database and deletes its directory. */
  close(): Promise<void>;
}

/** Names the migrated PGlite directory the server project's globalSetup made for this run. */
export const databaseTemplateVariable = 'KERBSIDE_TEST_DATABASE_TEMPLATE';

/**
 * Makes a PGlite database with every migration applied in `dataDir`, for copying: a new PGlite
 * directory takes seconds to initialise and migrate, a copy of one a fraction of that.
 */
export async function createDatabaseTemplate(dataDir: string): Promise<void> {
  const connection = await openDatabase({ dataDir });
  await connection.close();
}

/**
 * A temporary data directory holding a copy of this run's migrated database (test/support/
 * server-project-setup.ts makes it), or an empty one outside the server project. Opening it
 * still runs the migrations, which find nothing left to do.
 */
export function temporaryDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kerbside-server-test-'));
  const template = process.env[databaseTemplateVariable];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** A fresh, migrated PGlite database in a temporary directory. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = temporaryDataDir();
  const connection = await openDatabase({ dataDir });
  return {
    db: connection.db,
    dataDir,
    close: async () => {
      await connection.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
