import path from 'node:path';
import { loadConfig } from './config';
import { startApi } from './start-api';
import { stopOnSignals } from './stop-on-signals';

/** `npm run api`: the API host alone, configured from the environment. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.identityMode.kind === 'verified') {
    console.log(
      `Verifying signed ID tokens for Firebase project ${config.projectId} (Google application ` +
        'default credentials mint the sign-in tokens).',
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
    passwordReset: config.passwordReset,
    trustProxy: config.trustProxy,
    log: true,
  });
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  const mail = config.passwordReset.smtpUrl
    ? 'SMTP (SMTP_URL)'
    : path.join(config.dataDir, 'outbox');
  console.log(`Kerbside API host on ${api.url}/api/v1/ · data: ${database} · mail: ${mail}`);

  stopOnSignals((signal) => `${signal}: stopping the API host…`, api.close);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
