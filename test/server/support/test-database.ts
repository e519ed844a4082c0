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
async function createDatabaseTemplate(dataDir: string): Promise<void> {
  const connection = await openDatabase({ dataDir });
  await connection.close();
}

/**
 * The migrated database of this run, made by the first of the server and browser projects'
 * globalSetups that asks (test/support/server-project-setup.ts, browser-project-setup.ts) and
 * named to the test workers; each project's globalTeardown removes it (`removeDatabaseTemplate`).
 */
export async function provideDatabaseTemplate(): Promise<void> {
  if (process.env[databaseTemplateVariable]) return;
  const template = mkdtempSync(path.join(tmpdir(), 'kerbside-database-template-'));
  await createDatabaseTemplate(template);
  process.env[databaseTemplateVariable] = template;
}

export function removeDatabaseTemplate(): void {
  const template = process.env[databaseTemplateVariable];
  if (template) rmSync(template, { recursive: true, force: true });
}

/**
 * A temporary data directory holding a copy of this run's migrated database
 * (`provideDatabaseTemplate`), or an empty one outside the server and browser projects. Opening
 * it still runs the migrations, which find nothing left to do.
 */
export function temporaryDataDir(prefix = 'kerbside-server-test-'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
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
