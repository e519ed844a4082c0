import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AdminCommandError } from '../admin/admin-command';
import { adminEndpointPath, adminSecretHeader } from '../admin/dispatch-admin-command';
import { runAdminCommand } from '../admin/run-admin-command';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';

export interface AdminRoutesOptions {
  db: Database;
  /** The secret written to the DATA_DIR lock file; only the machine's owner can read it. */
  adminSecret: string;
}

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

// The socket's own addresses, not request.ip: a proxy header cannot make a call look local.
function fromThisMachine(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.socket;
  if (!remoteAddress) return false;
  return loopbackAddresses.has(remoteAddress) || remoteAddress === localAddress;
}

function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The admin CLI's way in while this process holds the embedded database: commands from this
 * machine that carry the lock file's secret.
 */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, options) => {
  app.post(adminEndpointPath, async (request: FastifyRequest) => {
    if (
      !fromThisMachine(request) ||
      !secretMatches(request.headers[adminSecretHeader], options.adminSecret)
    ) {
      throw new HttpError(403, { detail: 'You do not have permission to perform this action.' });
    }
    try {
      return await runAdminCommand(options.db, request.body);
    } catch (error) {
      if (error instanceof AdminCommandError) throw new HttpError(400, { detail: error.message });
      throw error;
    }
  });
};
