import { AdminCommandError } from '../admin/admin-command';
import { dispatchAdminCommand } from '../admin/dispatch-admin-command';
import type { DatabaseOptions } from '../db/database';
import { adminUsage, parseAdminArguments, UsageError } from './parse-admin-arguments';

/** Where the CLI writes: the process's console, or what a test reads. */
export type CliOutput = Pick<Console, 'log' | 'error'>;

/**
 * `npm run admin -- <command>` (server/cli/admin.ts): see adminUsage. Answers the exit code: 0
 * done, 1 refused or failed, 2 usage. The database is asked for only once the command line parses,
 * so `--help` and a usage error need no configuration.
 */
export async function runAdminCli(
  argv: string[],
  database: () => DatabaseOptions,
  output: CliOutput = console,
): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    output.log(adminUsage);
    return argv.length === 0 ? 2 : 0;
  }
  let command;
  try {
    command = parseAdminArguments(argv);
  } catch (error) {
    output.error(`${error instanceof Error ? error.message : String(error)}\n\n${adminUsage}`);
    return 2;
  }
  try {
    const result = await dispatchAdminCommand(database(), command);
    output.log(result.message);
    if (result.demo) output.log(`Password of ${result.demo.email}: ${result.demo.password}`);
    return 0;
  } catch (error) {
    if (error instanceof AdminCommandError || error instanceof UsageError) {
      output.error(error.message);
    } else {
      output.error(error);
    }
    return 1;
  }
}
