import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { rmSync } from 'node:fs';
import { openDatabase } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { permitListPageSize } from '../../contract/permit-rules';
import { listPermits, parsePermitListQuery } from '../../server/permits/list-permits';
import { insertResident } from './support/reconciler-fixtures';
import { temporaryDataDir } from './support/test-database';

jest.setTimeout(60_000);

// A pg_trgm index serves ILIKE only when its expression is the query's expression exactly, and a
// mismatch fails silently (the search just gets slow). The plans of the very statements
// listPermits runs must use migration 0004's indexes.
const dataDir = temporaryDataDir();
let client: PGlite;
let residentId: string;

beforeAll(async () => {
  const migrated = await openDatabase({ dataDir });
  residentId = await insertResident(migrated.db);
  // Enough finished permits for the planner to prefer a selective index over the resident's rows.
  await migrated.db.execute(sql`
    INSERT INTO permits (user_id, reference_no, vrm, make, model, status, start_ts, end_ts)
    SELECT ${residentId}, 'KS-' || n, 'V' || n || 'XYZ', 'Ford', 'Focus', 'EXPIRED',
           now() - n * interval '1 hour', now() - n * interval '1 hour' + interval '30 minutes'
    FROM generate_series(1, 5000) AS n`);
  await migrated.db.execute(sql`ANALYZE permits`);
  await migrated.close();
  client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
});

afterAll(async () => {
  await client?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function plansOfList(
  rawQuery: Record<string, string>,
  options: { withoutIndexes?: string[] } = {},
): Promise<string> {
  const recorded: Array<{ query: string; params: unknown[] }> = [];
  const db = drizzle({
    client,
    schema,
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  });
  await listPermits(db, residentId, parsePermitListQuery(rawQuery));
  expect(recorded.length).toBeGreaterThan(0);
  // At this size a sequential scan is still cheap, so it is priced out; indexes the question is
  // not about are dropped inside a transaction that is rolled back.
  await client.exec('BEGIN; SET LOCAL enable_seqscan = off');
  try {
    for (const index of options.withoutIndexes ?? []) await client.exec(`DROP INDEX ${index}`);
    const plans: string[] = [];
    for (const { query, params } of recorded) {
      const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, params);
      plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans.join('\n');
  } finally {
    await client.exec('ROLLBACK');
  }
}

test('a search uses the trigram indexes on the registration and on the other text fields', async () => {
  // Without the resident's own indexes, the trigram indexes are the only way short of reading
  // every row: a search expression that no longer matches them shows up as a Seq Scan.
  const plans = await plansOfList(
    { search: '4242XY' },
    { withoutIndexes: ['permits_user_status_idx', 'permits_user_newest_idx'] },
  );
  expect(plans).not.toContain('Seq Scan');
  expect(plans).toContain('permits_vrm_trgm_idx');
  expect(plans).toContain('permits_search_text_trgm_idx');
});

test.each([
  ['every status', {}],
  ['one status', { status: 'EXPIRED' }],
])(
  'a search (%s) counts its matches in the pass that finds them, not in a second read',
  async (_filter, filter) => {
    const plans = await plansOfList({ ...filter, search: '4242XY' });
    // Reads of the table itself, not of its indexes (a Bitmap Index Scan on permits_…_idx).
    const tableReads = plans.match(
      /\b(Seq|Index|Index Only|Bitmap Heap) Scan( using \S+)? on permits\b(?!_)/g,
    );
    expect(tableReads).toHaveLength(1);
    expect(plans).toContain('WindowAgg');
  },
);

test('the newest-first list reads the resident index in order, without sorting', async () => {
  const plans = await plansOfList({});
  expect(plans).toContain('permits_user_newest_idx');
  expect(plans).not.toMatch(/^\s*(->\s*)?Sort\b/m);
});

test('a later page takes its ids from the resident index alone, sorting only the page', async () => {
  const plans = await plansOfList({ page: '3' });
  expect(plans).toContain('Index Only Scan using permits_user_newest_idx');
  // The page's own rows are put back in order once read by id; sorting more than a page means the
  // resident's permits were read and sorted.
  const sortedRows = [...plans.matchAll(/\bSort {2}\(cost=[\d.]+ rows=(\d+)/g)].map((match) =>
    Number(match[1]),
  );
  expect(sortedRows.filter((rows) => rows > permitListPageSize)).toEqual([]);
});
