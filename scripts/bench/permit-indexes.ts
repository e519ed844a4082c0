import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';

const migrationsFolder = path.resolve(__dirname, '../../server/db/migrations');

/** Migration 0004 holds the indexes; the benchmark reads them there rather than copy them. */
function indexMigration(): { statements: string[]; indexNames: string[] } {
  const file = readdirSync(migrationsFolder).find((name) => /^0004_.*\.sql$/.test(name));
  if (!file) throw new Error(`No 0004 migration in ${migrationsFolder}.`);
  const text = readFileSync(path.join(migrationsFolder, file), 'utf8');
  const statements = text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
  const indexNames = [...text.matchAll(/CREATE INDEX (?:IF NOT EXISTS )?"([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
  if (indexNames.length === 0) throw new Error(`${file} creates no index.`);
  return { statements, indexNames };
}

/**
 * Takes migration 0004's permit indexes away, or puts them back exactly as the migration creates
 * them, so that one benchmark run measures the API with and without them.
 */
export const permitIndexes = {
  async drop(db: Database): Promise<void> {
    for (const name of indexMigration().indexNames) {
      await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}"`));
    }
  },
  async create(db: Database): Promise<void> {
    for (const statement of indexMigration().statements) {
      await db.execute(sql.raw(statement));
    }
  },
};
