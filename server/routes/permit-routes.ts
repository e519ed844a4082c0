import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { Identity } from '../identity/firebase-identity';
import { authenticateResident, authenticateResidentWithSite } from '../http/authenticate-resident';
import { parseBody } from '../http/parse-body';
import { pathIdOf } from '../http/path-id';
import { capPeriod } from '../permits/cap-period';
import { createPermit } from '../permits/create-permit';
import { listPermits, parsePermitListQuery } from '../permits/list-permits';
import { countCapUsage } from '../permits/permit-allowance';
import {
  permitCreatePayloadSchema,
  permitUpdatePayloadSchema,
  type PermitCapInfo,
  type PermitListBody,
} from '../../contract/permit';
import { permitListPageSize } from '../../contract/permit-rules';
import { activatePermit, cancelPermit, updatePermit } from '../permits/permit-transitions';
import { serializePermit } from '../permits/serialize-permit';

export interface PermitRoutesOptions {
  db: Database;
  identity: Identity;
  onPermitChanged?: () => void;
  /** Where paging links point (PUBLIC_API_URL, server/app.ts), without a trailing slash. */
  publicUrl: () => string;
}

/**
 * The same list URL at another page, absolute, as DRF's pagination links are, under the public
 * URL: only the request's path and query are taken from it, never its Host.
 */
function pageUrl(publicUrl: string, request: FastifyRequest, page: number): string {
  const asked = new URL(request.url, 'http://request.invalid');
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}${asked.pathname}${asked.search}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** /api/v1/permits/: the resident's own permits (docs/contract.md §3, §4, §7, §8, §9). */
export const permitRoutes: FastifyPluginAsync<PermitRoutesOptions> = async (app, options) => {
  const { db, identity } = options;
  const resident = (request: FastifyRequest) => authenticateResident(request, { db, identity });
  // With the site's settings and cap, for the requests that apply its rules.
  const residentOnSite = (request: FastifyRequest) =>
    authenticateResidentWithSite(request, { db, identity });

  // Every successful write (create, activate, cancel, update) leaves work for the reconciler.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) options.onPermitChanged?.();
  });

  app.get('/permit_cap_info/', async (request): Promise<PermitCapInfo> => {
    const {
      resident: { id },
      cap,
    } = await residentOnSite(request);
    const period = capPeriod(cap.type, new Date());
    const used = await countCapUsage(db, id, period, { countQueued: true });
    return {
      permits_used: used,
      permit_cap_limit: cap.limit,
      // No cap, so no number of activations left to count down.
      permits_remaining: cap.limit === 0 ? null : Math.max(0, cap.limit - used),
      period_name: period.name,
      permit_cap_type: cap.type,
    };
  });

  app.get('/', async (request): Promise<PermitListBody> => {
    const { id } = await resident(request);
    const query = parsePermitListQuery(request.query as Record<string, string | string[]>);
    const { count, results } = await listPermits(db, id, query);
    const hasNext = query.page * permitListPageSize < count;
    return {
      count,
      next: hasNext ? pageUrl(options.publicUrl(), request, query.page + 1) : null,
      previous: query.page > 1 ? pageUrl(options.publicUrl(), request, query.page - 1) : null,
      results: results.map(serializePermit),
    };
  });

  app.post('/', async (request, reply) => {
    const {
      resident: { id },
      settings,
    } = await residentOnSite(request);
    const input = parseBody(permitCreatePayloadSchema, request.body);
    const permit = await createPermit(db, id, input, settings);
    return reply.code(201).send(serializePermit(permit));
  });

  app.post('/:id/activate/', async (request) => {
    const {
      resident: { id },
      settings,
    } = await residentOnSite(request);
    return serializePermit(await activatePermit(db, id, pathIdOf(request), settings));
  });

  app.post('/:id/cancel/', async (request) => {
    const { id } = await resident(request);
    return serializePermit(await cancelPermit(db, id, pathIdOf(request)));
  });

  app.patch('/:id/full_update/', async (request) => {
    const {
      resident: { id },
      settings,
    } = await residentOnSite(request);
    const permitId = pathIdOf(request);
    const input = parseBody(permitUpdatePayloadSchema, request.body);
    return serializePermit(await updatePermit(db, id, permitId, input, settings));
  });
};
