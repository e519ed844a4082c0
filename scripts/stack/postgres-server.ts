import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from './free-port';

const run = promisify(execFile);

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  stop(): Promise<void>;
}

/** PostgreSQL's binaries: PG_BIN, or the newest Debian/Ubuntu install under /usr/lib/postgresql. */
function binDirectory(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      'PostgreSQL is not installed (apt-get install -y postgresql), or set PG_BIN to its bin/.',
    );
  }
  return path.join(root, newest, 'bin');
}

/**
 * A throw-away PostgreSQL server on 127.0.0.1 (trust authentication, data in a temporary
 * directory). PostgreSQL refuses to run as root, so as root it runs as the postgres user.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDirectory();
  const asRoot = userInfo().uid === 0;
  const directory = mkdtempSync(path.join(tmpdir(), 'kerbside-postgres-'));
  const dataDirectory = path.join(directory, 'data');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(directory, Number(stdout), Number(group));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  await pg('initdb', ['-A', 'trust', '-U', 'postgres', '-D', dataDirectory]);
  // Found free just before the server binds it, not before initdb's seconds: meanwhile another
  // process could take it.
  const port = await findFreePort();
  await pg('pg_ctl', [
    'start',
    '-w',
    '-D',
    dataDirectory,
    '-l',
    path.join(directory, 'server.log'),
    '-o',
    `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pg('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDirectory]);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
