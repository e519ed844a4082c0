import { AdminCommandError } from '../admin/admin-command';
import { dispatchAdminCommand } from '../admin/dispatch-admin-command';
import { loadConfig } from '../config';
import { adminUsage, parseAdminArguments, UsageError } from './parse-admin-arguments';

/** `npm run admin -- <command>`: see adminUsage. Exit codes: 0 done, 1 refused or failed, 2 usage. */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(adminUsage);
    return argv.length === 0 ? 2 : 0;
  }
  let command;
  try {
    command = parseAdminArguments(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${adminUsage}`);
    return 2;
  }
  const config = loadConfig();
  try {
    const result = await dispatchAdminCommand(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      command,
    );
    console.log(result.message);
    if (result.demo) console.log(`Password of ${result.demo.email}: ${result.demo.password}`);
    return 0;
  } catch (error) {
    if (error instanceof AdminCommandError || error instanceof UsageError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
