import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../server/db/database';

export interface TestDatabase {
  db: Database;
  dataDir: string;
  /** Closes the database and deletes its directory. */
  close(): Promise<void>;
}

export function temporaryDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'kerbside-server-test-'));
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
