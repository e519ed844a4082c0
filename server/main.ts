import { loadConfig } from './config';
import { startApi } from './start-api';

/** `npm run api`: the API host alone, configured from the environment. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.authEmulatorHost) {
    console.warn(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: firebase-admin will use Google application ' +
        'default credentials for project ' +
        config.projectId +
        '.',
    );
  }
  const api = await startApi({
    port: config.apiPort,
    host: config.apiHost,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    webOrigin: config.webOrigin,
    authEmulatorHost: config.authEmulatorHost,
    projectId: config.projectId,
    log: true,
  });
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  console.log(`Kerbside API host on ${api.url}/api/v1/ · data: ${database}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the API host…`);
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
