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
  /** Per statement the probe ran: its scan nodes and run time. */
  statements: string[][];
}

/**
 * PostgreSQL's EXPLAIN ANALYZE of exactly the statements the API's code runs: each probe runs
 * against a connection that records its SQL, which is then explained. So the plans shown are the
 * ones the API gets, not hand-written look-alikes.
 */
export async function explainPermitQueries(
  databaseUrl: string,
  probes: QueryProbe[],
): Promise<QueryPlan[]> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const recorded: Array<{ query: string; params: unknown[] }> = [];
    const db = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (query, params) => recorded.push({ query, params }) },
    });
    const plans: QueryPlan[] = [];
    for (const probe of probes) {
      recorded.length = 0;
      await probe.run(db);
      const statements: string[][] = [];
      for (const { query, params } of [...recorded]) {
        const result = await pool.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS OFF) ${query}`,
          params,
        );
        statements.push(
          result.rows
            .map((row) => row['QUERY PLAN'].trim().replace(/^->\s*/, ''))
            .filter((line) => /Scan|Sort \(|Execution Time/.test(line)),
        );
      }
      plans.push({ name: probe.name, statements });
    }
    return plans;
  } finally {
    await pool.end();
  }
}
