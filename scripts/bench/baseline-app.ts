import Fastify, { type FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { permitResponseColumns } from '../../server/permits/serialize-permit';

export const baselinePath = '/baseline/permits/';
/** The routes that run statements recorded from the API's own code (the council bench). */
export function baselineStatementsPath(name: string): string {
  return `/baseline/statements/${name}/`;
}
/** Names the resident whose permits the statements' routes read (the API ignores it). */
export const baselineResidentHeader = 'x-bench-resident';

/** One statement as the API's code sent it for `residentId` (explain-permit-queries.ts). */
export interface BaselineStatement {
  query: string;
  params: unknown[];
  /** The resident it was recorded for: each request puts its own in this parameter's places. */
  residentId: string;
}

// The list's first page as one statement, served by migration 0004's permits_user_newest_idx
// (the order of server/permits/list-permits.ts), reading the columns the list reads: the least a
// request for that page can cost.
const firstPageQuery = `SELECT ${Object.values(permitResponseColumns)
  .map((column) => `"${column.name}"`)
  .join(', ')} FROM "permits" WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT 20`;

/**
 * The benchmark's yardstick: a bare Fastify route (no logger, no hooks, no authentication) that
 * answers with one indexed read of the resident's newest 20 permits, straight through `pg`.
 * The permit list's figures are reported as a ratio of this route's, measured in the same run
 * on the same data (run-benchmarks.ts).
 */
export function buildBaselineApp(options: {
  pool: Pool;
  residentId: string;
  /** Recorded statements by name: each list is served at baselineStatementsPath(name), run in
   *  order for the resident each request names. */
  statements?: Record<string, BaselineStatement[]>;
}): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get(baselinePath, async () => {
    const { rows } = await options.pool.query(firstPageQuery, [options.residentId]);
    return { results: rows };
  });
  for (const [name, statements] of Object.entries(options.statements ?? {})) {
    app.get(baselineStatementsPath(name), async (request) => {
      const named = request.headers[baselineResidentHeader];
      let rows: unknown[] = [];
      for (const [index, statement] of statements.entries()) {
        const resident = typeof named === 'string' ? named : statement.residentId;
        // Prepared, as the API host prepares its statements: the least each can cost.
        ({ rows } = await options.pool.query({
          name: `kerbside_baseline_${name}_${index}`,
          text: statement.query,
          values: statement.params.map((value) =>
            value === statement.residentId ? resident : value,
          ),
        }));
      }
      return { results: rows };
    });
  }
  return app;
}
