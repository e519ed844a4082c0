import { format } from 'node:util';
import { runAdminCli } from '../../server/cli/run-admin-cli';

/** What an admin command line printed, and its exit code. */
export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * An `npm run admin -- …` command line against the database in `dataDir`, run by the CLI's own
 * code (server/cli/run-admin-cli.ts) in this process: with an API host holding the database, the
 * command goes to that host's admin endpoint; without, it opens the database. A process of its
 * own costs seconds of start-up (tsx compiling the CLI) at each call; test/server/admin-cli.test.ts
 * runs the CLI as a process too.
 */
export async function adminCommandLine(dataDir: string, ...args: string[]): Promise<AdminRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runAdminCli(args, () => ({ dataDir }), {
    log: (...data: unknown[]) => stdout.push(format(...data)),
    error: (...data: unknown[]) => stderr.push(format(...data)),
  });
  return { code, stdout: stdout.join('\n').trim(), stderr: stderr.join('\n').trim() };
}
