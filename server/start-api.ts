import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp, type TrustProxy } from './app';
import {
  defaultDataDir,
  identityModeOf,
  loadLogLevel,
  loadPasswordResetConfig,
  loadPermitMailConfig,
  loadReconcilerConfig,
  type PasswordResetConfig,
} from './config';
import { defaultDemoInviteCode, type DemoSeedResult } from './admin/admin-command';
import { seedDemoDatabase } from './admin/seed-demo-database';
import { DataDirLock } from './db/data-dir-lock';
import { openDatabase, type Database } from './db/database';
import { createFirebaseIdentity } from './identity/firebase-identity';
import { createHostLogger, type HostLogger } from './logging/create-host-logger';
import { createPermitMailDispatcher } from './mail/create-permit-mail-dispatcher';
import { createMailer, type Mailer } from './mail/mailer';
import type { PermitMailSettings } from './mail/permit-mail-settings';
import type { PollingLoop } from './polling/create-polling-loop';
import type { ParkingProvider } from './provider/parking-provider';
import { loadOpsConfig, type OpsConfig } from './ops/ops-config';
import { createOpsMetrics, type OpsMetrics } from './ops/ops-metrics';
import { startOpsServer } from './ops/start-ops-server';
import { accountsCreatedAddressThrottle } from './auth/attempt-throttle';
import { createSimulatedParkingProvider } from './provider/simulated-parking-provider';
import { createReconciler, type Reconciler } from './reconciler/create-reconciler';
import type { ReconcilerSettings } from './reconciler/reconciler-settings';

export interface StartApiOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Embedded PGlite directory; used when databaseUrl is not set. */
  dataDir?: string;
  databaseUrl?: string;
  webOrigin: string;
  /** host:port of the Auth emulator. Sets FIREBASE_AUTH_EMULATOR_HOST for this process, which is
   *  where firebase-admin reads it; allowed only on loopback for a demo- project (config.ts). */
  authEmulatorHost?: string;
  projectId?: string;
  /** PUBLIC_API_URL: the base of paging links; default this host's own loopback URL. */
  publicUrl?: string;
  /** The process's logger; default a new one at LOG_LEVEL. */
  logger?: HostLogger;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY); default nobody's. */
  trustProxy?: TrustProxy;
  /** Seed the demo invite code (default KERBSIDE-DEMO) and resident, idempotently; see `demo`. */
  seedDemo?: { inviteCode?: string };
  /**
   * The permit reconciler runs in this process unless this is false or RECONCILER=off. Settings
   * and the simulated provider come from the environment (RECONCILER_*, PROVIDER_*) unless given.
   */
  reconciler?: false | { settings?: Partial<ReconcilerSettings>; provider?: ParkingProvider };
  /**
   * Reset-link lifetime and mail (SMTP_URL, MAIL_FROM, PASSWORD_RESET_TOKEN_MINUTES unless
   * given). Without SMTP, mail goes to `outbox/` under dataDir (default .data) and is announced
   * in the log, with its links only in emulator mode.
   */
  passwordReset?: Partial<PasswordResetConfig>;
  /**
   * Permit confirmations and reminders (server/mail/create-permit-mail-dispatcher.ts) are sent
   * from this process unless this is false or RECONCILER=off (a worker then sends them).
   * PERMIT_REMINDER_MINUTES unless the settings say otherwise.
   */
  permitMail?: false | { settings?: Partial<PermitMailSettings> };
  /** The operator's endpoints on a port of their own (server/ops/); default OPS_PORT, OPS_SECRET. */
  ops?: OpsConfig;
  /**
   * Accounts one client address may create in an hour (REGISTRATIONS_PER_ADDRESS_PER_HOUR);
   * default `defaultRegistrationsPerAddressPerHour` (server/auth/attempt-throttle.ts).
   */
  registrationsPerAddressPerHour?: number;
}

export interface RunningApi {
  /** e.g. http://127.0.0.1:8000 (no trailing slash). */
  url: string;
  demo?: DemoSeedResult;
  /** The in-process reconciler, when one runs. */
  reconciler?: Reconciler;
  /** The in-process permit mail dispatcher, when one runs. */
  permitMail?: PollingLoop;
  /** The operator's endpoints (liveness, readiness, metrics), when they run. */
  opsUrl?: string;
  /** Stops the reconciler (after its in-flight work), the server and the database. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function inProcessReconciler(
  db: Database,
  option: StartApiOptions['reconciler'],
  log: HostLogger,
  metrics: OpsMetrics | undefined,
): Reconciler | undefined {
  if (option === false) return undefined;
  const environment = loadReconcilerConfig();
  if (!option && !environment.enabled) return undefined;
  const provider = option?.provider ?? createSimulatedParkingProvider(environment.provider);
  return createReconciler({
    db,
    provider: metrics ? metrics.countingProvider(provider) : provider,
    settings: { ...environment.settings, ...option?.settings },
    log,
  });
}

function inProcessPermitMail(
  db: Database,
  mailer: Mailer,
  option: StartApiOptions['permitMail'],
  publicUrl: () => string,
  log: HostLogger,
): PollingLoop | undefined {
  if (option === false) return undefined;
  if (!option && !loadReconcilerConfig().enabled) return undefined;
  return createPermitMailDispatcher({
    db,
    mailer,
    settings: { ...loadPermitMailConfig(), ...option?.settings },
    publicUrl,
    log,
  });
}

/**
 * Opens the database (migrating it), and serves the API on host:port. With PGlite the process
 * takes DATA_DIR's lock for as long as it runs and publishes its admin endpoint there.
 */
export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const host = options.host ?? '127.0.0.1';
  const projectId = options.projectId ?? 'demo-kerbside';
  // firebase-admin reads the emulator's address from the environment, so that is what counts.
  const emulatorHost = options.authEmulatorHost || process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const identityMode = identityModeOf(emulatorHost || undefined, projectId);
  const logger = options.logger ?? createHostLogger({ level: loadLogLevel() });
  if (options.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost;
  const embedded = !options.databaseUrl;
  const lock = embedded && options.dataDir ? DataDirLock.tryAcquire(options.dataDir, 'api') : null;
  if (embedded && options.dataDir && !lock) {
    const holder = DataDirLock.liveHolder(options.dataDir);
    throw new Error(
      `${options.dataDir} is in use by process ${holder?.pid ?? '?'} (${holder?.role ?? 'unknown'}). ` +
        'PGlite admits one process at a time: stop it, or use another DATA_DIR.',
    );
  }
  const cleanups: Array<() => Promise<void> | void> = [() => lock?.release()];
  let closing: Promise<void> | undefined;
  const cleanUp = () =>
    (closing ??= (async () => {
      for (const cleanup of [...cleanups].reverse()) await cleanup();
    })());
  try {
    const connection = await openDatabase({
      dataDir: options.dataDir,
      databaseUrl: options.databaseUrl,
      onIdleConnectionLost: (error) => logger.warn({ err: error }, 'PostgreSQL ended a connection'),
    });
    cleanups.push(() => connection.close());
    const identity = createFirebaseIdentity({ projectId });
    cleanups.push(() => identity.close());
    const passwordReset = { ...loadPasswordResetConfig(), ...options.passwordReset };
    const mailer = createMailer({
      smtpUrl: passwordReset.smtpUrl,
      outboxDir: path.resolve(options.dataDir ?? defaultDataDir, 'outbox'),
      from: passwordReset.mailFrom,
      log: logger,
      revealLinks: identityMode.kind === 'emulator',
    });
    cleanups.push(() => mailer.close());
    const ops = options.ops ?? loadOpsConfig();
    const metrics = ops ? createOpsMetrics({ db: connection.db }) : undefined;
    // Created before the app so that the permit routes can wake it after a change.
    const reconciler = inProcessReconciler(connection.db, options.reconciler, logger, metrics);
    if (reconciler) cleanups.push(() => reconciler.stop());
    let ownUrl = '';
    const permitMail = inProcessPermitMail(
      connection.db,
      mailer,
      options.permitMail,
      () => options.publicUrl ?? ownUrl,
      logger,
    );
    if (permitMail) cleanups.push(() => permitMail.stop());
    const adminSecret = lock ? randomBytes(32).toString('hex') : undefined;
    const app = buildApp({
      db: connection.db,
      identity,
      webOrigin: options.webOrigin,
      adminSecret,
      mailer,
      resetTokenLifetimeMs: passwordReset.tokenLifetimeMs,
      onPermitChanged:
        reconciler || permitMail
          ? () => {
              reconciler?.wake();
              permitMail?.wake();
            }
          : undefined,
      logger,
      publicUrl: options.publicUrl,
      trustProxy: options.trustProxy,
      metrics,
      throttles: options.registrationsPerAddressPerHour
        ? {
            accountsCreatedAddress: accountsCreatedAddressThrottle(
              options.registrationsPerAddressPerHour,
            ),
          }
        : undefined,
    });
    cleanups.push(() => app.close());
    await app.listen({ port: options.port ?? 0, host });
    const address = app.server.address();
    if (!address || typeof address === 'string')
      throw new Error('The API host has no TCP address.');
    lock?.publish({ port: address.port, host, adminSecret });
    const demo = options.seedDemo
      ? await seedDemoDatabase(connection.db, options.seedDemo.inviteCode ?? defaultDemoInviteCode)
      : undefined;
    const url = `http://${urlHost(host)}:${address.port}`;
    ownUrl = url;
    const opsServer =
      ops && metrics ? await startOpsServer(ops, { db: connection.db, metrics }) : undefined;
    if (opsServer) cleanups.push(() => opsServer.close());
    reconciler?.start();
    permitMail?.start();
    return { url, demo, reconciler, permitMail, opsUrl: opsServer?.url, close: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
