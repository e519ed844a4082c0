import { openDatabase, type DatabaseOptions } from '../db/database';
import { DataDirLock, type LockHolder } from '../db/data-dir-lock';
import { AdminCommandError, type AdminCommand, type AdminResult } from './admin-command';
import { runAdminCommand } from './run-admin-command';

export const adminEndpointPath = '/internal/admin/commands/';
export const adminSecretHeader = 'x-kerbside-admin-secret';

const busyTimeoutMs = 30_000;

async function runDirectly(options: DatabaseOptions, command: AdminCommand): Promise<AdminResult> {
  const connection = await openDatabase(options);
  try {
    return await runAdminCommand(connection.db, command);
  } finally {
    await connection.close();
  }
}

function loopbackFor(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

async function runThroughApi(holder: LockHolder, command: AdminCommand): Promise<AdminResult> {
  const url = `http://${loopbackFor(holder.host)}:${holder.port}${adminEndpointPath}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [adminSecretHeader]: holder.adminSecret ?? '',
      },
      body: JSON.stringify(command),
    });
  } catch (error) {
    throw new Error(
      `The API host (pid ${holder.pid}) holds the database but ${url} did not answer.`,
      {
        cause: error,
      },
    );
  }
  const body = (await response.json().catch(() => ({}))) as Partial<AdminResult> & {
    detail?: string;
  };
  if (!response.ok || typeof body.message !== 'string') {
    throw new AdminCommandError(body.detail ?? `The API host answered ${response.status}.`);
  }
  return { message: body.message, demo: body.demo };
}

/**
 * Runs an admin command wherever the database is reachable. PostgreSQL takes any number of
 * clients, so the command connects directly. The embedded PGlite database admits one process:
 * when a running API host holds it, the command goes to that host's loopback admin endpoint;
 * otherwise this process takes the DATA_DIR lock and opens the database itself.
 */
export async function dispatchAdminCommand(
  options: DatabaseOptions,
  command: AdminCommand,
): Promise<AdminResult> {
  if (options.databaseUrl) return runDirectly(options, command);
  const { dataDir } = options;
  if (!dataDir) throw new Error('An admin command needs DATA_DIR or DATABASE_URL.');
  const deadline = Date.now() + busyTimeoutMs;
  for (;;) {
    const holder = DataDirLock.liveHolder(dataDir);
    if (holder?.role === 'api' && holder.port && holder.adminSecret) {
      return runThroughApi(holder, command);
    }
    if (!holder) {
      const lock = DataDirLock.tryAcquire(dataDir, 'cli');
      if (lock) {
        try {
          return await runDirectly({ dataDir }, command);
        } finally {
          lock.release();
        }
      }
    }
    // An API host that is still starting, or another admin command, has the database.
    if (Date.now() > deadline) {
      throw new Error(`${dataDir} stayed in use by process ${holder?.pid ?? '?'}; try again.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
