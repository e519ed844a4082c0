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
  /**
   * Per statement the probe ran, and per statement a database function ran for it: its run time,
   * scan nodes and shared buffers.
   */
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
 * auto_explain, for this transaction: the plan of every statement as it runs, those a database
 * function runs inside it too (a create's lock, counts and insert run inside
 * kerbside_create_permit, server/db/migrations/0015_permit_allowance_in_one_call.sql), sent to the
 * client as notices. EXPLAIN shows such a call as one "Function Scan".
 */
const explainNestedStatements = [
  'auto_explain.log_min_duration = 0',
  'auto_explain.log_analyze = on',
  'auto_explain.log_buffers = on',
  'auto_explain.log_nested_statements = on',
  'auto_explain.log_level = notice',
]
  .map((setting) => `SET LOCAL ${setting};`)
  .join(' ');

/**
 * PostgreSQL's plans, with ANALYZE and BUFFERS, of exactly the statements the API's code runs, and
 * of the statements the database functions it calls run: each probe runs against a connection
 * that records its SQL, which is then run again under auto_explain. So the plans shown are the
 * ones the API gets, not hand-written look-alikes. Needs a superuser, as the bench's own
 * PostgreSQL has, to load auto_explain.
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
      const client = await pool.connect();
      const notices: string[] = [];
      const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
      client.on('notice', onNotice);
      try {
        await client.query(`LOAD 'auto_explain'`);
        // A write's statements run inside its transaction, whose begin and commit are not explained.
        for (const { query, params } of recorded.filter((statement) =>
          explainable.test(statement.query),
        )) {
          // Run again to be explained, a write is rolled back.
          await client.query(`BEGIN; ${explainNestedStatements}`);
          notices.length = 0;
          await client.query(query, params).finally(() => client.query('ROLLBACK'));
          for (const notice of notices.filter((text) => text.startsWith('duration:'))) {
            const lines = notice.split('\n').map((line) => line.trim().replace(/^->\s*/, ''));
            if (lines.some((line) => /Seq Scan on "?permits"?\b/.test(line))) {
              seqScanOnPermits = true;
            }
            statements.push(
              lines.filter((line) => /^duration:|Scan|Sort \(|Buffers: shared/.test(line)),
            );
          }
        }
      } finally {
        client.off('notice', onNotice);
        client.release();
      }
      plans.push({ name: probe.name, statements, seqScanOnPermits });
    }
    return plans;
  } finally {
    await pool.end();
  }
}
