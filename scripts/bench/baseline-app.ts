import Fastify, { type FastifyInstance } from 'fastify';
import type { Pool } from 'pg';

export const baselinePath = '/baseline/permits/';

// The list's first page as one statement, served by migration 0004's permits_user_newest_idx
// (the order of server/permits/list-permits.ts): the least a request for that page can cost.
const firstPageQuery =
  'SELECT * FROM "permits" WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT 20';

/**
 * The benchmark's yardstick: a bare Fastify route (no logger, no hooks, no authentication) that
 * answers with one indexed read of the resident's newest 20 permits, straight through `pg`.
 * The permit list's figures are reported as a ratio of this route's, measured in the same run
 * on the same data (run-benchmarks.ts).
 */
export function buildBaselineApp(options: { pool: Pool; residentId: string }): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get(baselinePath, async () => {
    const { rows } = await options.pool.query(firstPageQuery, [options.residentId]);
    return { results: rows };
  });
  return app;
}
