import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { OpsMetrics } from './ops-metrics';
import { hostTexts } from '../../contract/host-texts';

export interface OpsServerOptions {
  db: Database;
  metrics: OpsMetrics;
  /** OPS_SECRET: the bearer token /metrics requires (at least 32 characters). */
  secret: string;
}

const journal = path.join(__dirname, '../db/migrations/meta/_journal.json');

/** The `when` of the newest migration this build ships (drizzle's journal). */
function newestMigrationMillis(): number {
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...entries.map((entry) => entry.when));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The operator's endpoints, on a port of their own (OPS_PORT, bound to OPS_HOST, default
 * 127.0.0.1), never on the public API port:
 * - GET /livez: 200 while the process serves;
 * - GET /readyz: 200 when the database answers and has every migration this build ships, else 503
 *   (a load balancer sends no traffic until then);
 * - GET /metrics: Prometheus text, only with `Authorization: Bearer <OPS_SECRET>` (401 without).
 * Anything else is 404. Only a database that fails while metrics are read gives a 5xx.
 */
export function buildOpsServer(options: OpsServerOptions): FastifyInstance {
  if (options.secret.length < 32) throw new Error('OPS_SECRET must be at least 32 characters.');
  const app = Fastify({ logger: false });
  const newest = newestMigrationMillis();
  app.get('/livez', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      const [row] = await options.db
        .select({ newest: sql<string | null>`max(created_at)` })
        .from(sql`drizzle.__drizzle_migrations`);
      const applied = Number(row?.newest ?? 0);
      if (applied < newest) {
        return reply.code(503).send({ status: 'migrations pending' });
      }
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
  app.get('/metrics', async (request, reply) => {
    const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !sameSecret(match[1], options.secret)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: 'Authentication credentials were not provided.' });
    }
    reply.header('content-type', options.metrics.registry.contentType);
    return options.metrics.registry.metrics();
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: hostTexts.notFound }));
  return app;
}
