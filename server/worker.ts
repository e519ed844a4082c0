import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createHostLogger, type HostLogger } from './logging/create-host-logger';
import { createPermitMailDispatcher } from './mail/create-permit-mail-dispatcher';
import { createMailer } from './mail/mailer';
import { loadOpsConfig } from './ops/ops-config';
import { createOpsMetrics } from './ops/ops-metrics';
import { startOpsServer } from './ops/start-ops-server';
import { createSimulatedParkingProvider } from './provider/simulated-parking-provider';
import { createReconciler } from './reconciler/create-reconciler';
import { stopOnSignals } from './stop-on-signals';

/**
 * `npm run worker`: the permit reconciler alone, against PostgreSQL (DATABASE_URL), next to any
 * number of API processes (run those with RECONCILER=off, or not: reconcilers share the work).
 * The embedded PGlite database admits one process, and the API host that holds it runs the
 * reconciler itself, so the worker refuses to run without DATABASE_URL.
 */
async function main(log: (logger: HostLogger) => void): Promise<void> {
  const config = loadConfig();
  const logger = createHostLogger({ level: config.logLevel });
  log(logger);
  if (!config.databaseUrl) {
    logger.fatal(
      'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded PGlite database ' +
        `(${config.dataDir}) the API host runs the reconciler itself: start it with npm run api.`,
    );
    process.exit(2);
  }
  const connection = await openDatabase({
    databaseUrl: config.databaseUrl,
    onIdleConnectionLost: (error) => logger.warn({ err: error }, 'PostgreSQL ended a connection'),
  });
  // The operator's endpoints (server/ops/), when OPS_PORT and OPS_SECRET are set.
  const ops = loadOpsConfig();
  const metrics = ops ? createOpsMetrics({ db: connection.db }) : undefined;
  const provider = createSimulatedParkingProvider(config.reconciler.provider);
  const reconciler = createReconciler({
    db: connection.db,
    provider: metrics ? metrics.countingProvider(provider) : provider,
    settings: config.reconciler.settings,
    log: logger,
  });
  const mailer = createMailer({
    smtpUrl: config.passwordReset.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.passwordReset.mailFrom,
    log: logger,
  });
  const publicUrl = config.publicApiUrl ?? `http://127.0.0.1:${config.apiPort}`;
  const permitMail = createPermitMailDispatcher({
    db: connection.db,
    mailer,
    settings: config.permitMail,
    publicUrl: () => publicUrl,
    log: logger,
  });
  const opsServer =
    ops && metrics ? await startOpsServer(ops, { db: connection.db, metrics }) : undefined;
  // Where they listen: with OPS_PORT=0 the system chose the port.
  if (opsServer) logger.info(`Operator endpoints on ${opsServer.url}.`);
  reconciler.start();
  permitMail.start();
  logger.info(
    `Permit reconciler and mail dispatcher ${process.pid} running against PostgreSQL (DATABASE_URL).`,
  );

  stopOnSignals(
    (signal) => `${signal}: finishing the permits in hand, then stopping…`,
    async () => {
      await Promise.all([reconciler.stop(), permitMail.stop(), opsServer?.close()]);
      mailer.close();
      await connection.close();
    },
    logger,
  );
}

// Until the configuration is read, a refusal to start is logged at the default level.
let logger = createHostLogger({ level: 'info' });
main((configured) => (logger = configured)).catch((error: unknown) => {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
