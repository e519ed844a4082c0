import path from 'node:path';
import { loadConfig } from './config';
import { createHostLogger, type HostLogger } from './logging/create-host-logger';
import { startApi } from './start-api';
import { stopOnSignals } from './stop-on-signals';

/** `npm run api`: the API host alone, configured from the environment. */
async function main(log: (logger: HostLogger) => void): Promise<void> {
  // Whatever this process writes (the embedded database's files as PGlite adds them, the
  // outbox's mails) is its owner's alone.
  process.umask(0o077);
  const config = loadConfig();
  const logger = createHostLogger({ level: config.logLevel });
  log(logger);
  if (config.identityMode.kind === 'verified') {
    logger.info(
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
    publicUrl: config.publicApiUrl,
    registrationsPerAddressPerHour: config.registrationsPerAddressPerHour,
    logger,
  });
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  const mail = config.passwordReset.smtpUrl
    ? 'SMTP (SMTP_URL)'
    : path.join(config.dataDir, 'outbox');
  logger.info(`Kerbside API host on ${api.url}/api/v1/ · data: ${database} · mail: ${mail}`);

  stopOnSignals((signal) => `${signal}: stopping the API host…`, api.close, logger);
}

// Until the configuration is read, a refusal to start is logged at the default level.
let logger = createHostLogger({ level: 'info' });
main((configured) => (logger = configured)).catch((error: unknown) => {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
