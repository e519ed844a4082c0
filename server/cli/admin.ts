import { loadConfig } from '../config';
import { runAdminCli } from './run-admin-cli';

runAdminCli(process.argv.slice(2), () => {
  const { dataDir, databaseUrl } = loadConfig();
  return { dataDir, databaseUrl };
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
