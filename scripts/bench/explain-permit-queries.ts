import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';

export interface QueryProbe {
  name: string;
  /** Runs the API's own code for one request's queries. */
  run(db: Database): Promise<unknown>;
}

export interface QueryPlan {
  name: string;
  /** Per statement the probe ran: its scan nodes, shared buffers and run time. */
  statements: string[][];
  /** Whether any statement's plan reads the permits table with a sequential scan. */
  seqScanOnPermits: boolean;
}

export interface RecordedStatement {
  query: string;
  params: unknown[];
}

/**
 * The statements `run` sends, exactly as the API's code builds them: it runs against a connection
 * of `pool` that records its SQL and parameters.
 */
export async function recordStatements(
  pool: Pool,
  run: (db: Database) => Promise<unknown>,
): Promise<RecordedStatement[]> {
  const recorded: RecordedStatement[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  });
  await run(db);
  return recorded;
}

const explainable = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of exactly the statements the API's code runs: each
 * probe runs against a connection that records its SQL, which is then explained. So the plans
 * shown are the ones the API gets, not hand-written look-alikes.
 */
export async function explainPermitQueries(
  databaseUrl: string,
  probes: QueryProbe[],
): Promise<QueryPlan[]> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const plans: QueryPlan[] = [];
    for (const probe of probes) {
      const statements: string[][] = [];
      let seqScanOnPermits = false;
      const recorded = await recordStatements(pool, probe.run);
      // A write's statements run inside its transaction, whose begin and commit are not explained.
      for (const { query, params } of recorded.filter((statement) =>
        explainable.test(statement.query),
      )) {
        // EXPLAIN ANALYZE runs the statement: a write's is rolled back.
        await pool.query('BEGIN');
        const result = await pool
          .query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params)
          .finally(() => pool.query('ROLLBACK'));
        const lines = result.rows.map((row) => row['QUERY PLAN'].trim().replace(/^->\s*/, ''));
        if (lines.some((line) => /Seq Scan on "?permits"?\b/.test(line))) seqScanOnPermits = true;
        statements.push(
          lines.filter((line) => /Scan|Sort \(|Buffers: shared|Execution Time/.test(line)),
        );
      }
      plans.push({ name: probe.name, statements, seqScanOnPermits });
    }
    return plans;
  } finally {
    await pool.end();
  }
}
