import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database';
import { permits } from '../db/schema';
import type { PermitStatus } from '../../contract/permit-status';
import type { ParkingProvider, ProviderOperation } from '../provider/parking-provider';

/** One process's Prometheus metrics (prom-client), in a registry of its own. */
export interface OpsMetrics {
  registry: Registry;
  /** Times every answer of `app` by route pattern, and counts its throttles' refusals (429). */
  observeRequests(app: FastifyInstance): void;
  /** The provider, with each call's outcome counted. */
  countingProvider(provider: ParkingProvider): ParkingProvider;
}

// The statuses the reconciler works on (server/reconciler/claim-due-permits.ts) whatever the time.
const queuedStatuses: PermitStatus[] = [
  'QUEUED',
  'CANCEL_PENDING',
  'UPDATE_PENDING',
  'EXPIRE_PENDING',
];

/**
 * Request latency per route, throttle refusals, provider call outcomes, and the reconciler's queue
 * (depth and the age of its oldest entry, read from the database at each scrape, so every host
 * reports the shared queue), plus prom-client's process metrics (memory, event loop lag).
 */
export function createOpsMetrics(options: { db: Database }): OpsMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'kerbside_http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'kerbside_throttle_refusals_total',
    help: 'Requests a throttle refused (429), by route pattern.',
    labelNames: ['route'],
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'kerbside_provider_calls_total',
    help: 'Calls to the parking provider, by operation and outcome.',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const queue = async () => {
    const [row] = await options.db
      .select({
        depth: sql<number>`count(*)`.mapWith(Number),
        age: sql<
          number | null
        >`extract(epoch FROM now() - min(coalesce(${permits.nextAttemptAt}, ${permits.updatedAt})))`.mapWith(
          Number,
        ),
      })
      .from(permits)
      .where(inArray(permits.status, queuedStatuses));
    return { depth: row?.depth ?? 0, age: Math.max(0, row?.age ?? 0) };
  };
  new Gauge({
    name: 'kerbside_reconciler_queue_depth',
    help: 'Permits waiting for the reconciler (queued, cancel, update or expiry pending).',
    registers: [registry],
    async collect() {
      this.set((await queue()).depth);
    },
  });
  new Gauge({
    name: 'kerbside_reconciler_queue_oldest_age_seconds',
    help: 'How long the oldest waiting permit has waited (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set((await queue()).age);
    },
  });

  return {
    registry,
    observeRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        latency.observe(
          { method: request.method, route, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
        if (reply.statusCode === 429) refusals.inc({ route });
      });
    },
    countingProvider(provider) {
      const counted =
        (operation: ProviderOperation): ParkingProvider[ProviderOperation] =>
        async (permit, signal) => {
          try {
            const reference = await provider[operation](permit, signal);
            providerCalls.inc({ operation, outcome: 'success' });
            return reference;
          } catch (error) {
            providerCalls.inc({ operation, outcome: 'failure' });
            throw error;
          }
        };
      return {
        create: counted('create'),
        update: counted('update'),
        cancel: counted('cancel'),
        expire: counted('expire'),
      };
    },
  };
}
