import path from 'node:path';
import type { LevelWithSilent } from 'pino';
import { z } from 'zod';
import type { TrustProxy } from './app';
import { defaultRegistrationsPerAddressPerHour } from './auth/attempt-throttle';
import { defaultPermitMailSettings, type PermitMailSettings } from './mail/permit-mail-settings';
import type { SimulatedParkingProviderOptions } from './provider/simulated-parking-provider';
import {
  defaultReconcilerSettings,
  type ReconcilerSettings,
} from './reconciler/reconciler-settings';

/** The permit reconciler's and the simulated parking provider's settings. */
export interface ReconcilerConfig {
  /** RECONCILER=off: the API process runs without one (a worker does the work). */
  enabled: boolean;
  settings: ReconcilerSettings;
  provider: Pick<SimulatedParkingProviderOptions, 'latencyMs' | 'failureRate' | 'callLog'>;
}

/** How password-reset links are made and mailed. */
export interface PasswordResetConfig {
  /** SMTP server URL; unset: mail goes to `outbox/` under DATA_DIR and is printed. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long a reset link works. */
  tokenLifetimeMs: number;
}

/**
 * How ID tokens are checked. `emulator`: unsigned tokens from the Firebase Auth emulator at `host`
 * (local development and tests only). `verified`: signed tokens, checked by firebase-admin against
 * Google's published keys, with Google application default credentials for minting.
 */
export type IdentityMode = { kind: 'emulator'; host: string } | { kind: 'verified' };

const loopbackHost = /^(localhost|127(\.\d{1,3}){3})$/i;

/**
 * Decides the identity mode once: the emulator is trusted only for a `demo-` project (which
 * Firebase itself never serves) on this machine's loopback address. Throws, naming
 * FIREBASE_AUTH_EMULATOR_HOST, when the emulator is asked for anything else, so a real project
 * can never be run on unsigned tokens.
 */
export function identityModeOf(
  authEmulatorHost: string | undefined,
  projectId: string,
): IdentityMode {
  if (!authEmulatorHost) return { kind: 'verified' };
  const problems: string[] = [];
  if (!projectId.startsWith('demo-')) {
    problems.push(`the project id "${projectId}" does not start with "demo-"`);
  }
  const hostname = authEmulatorHost.replace(/:\d+$/, '');
  if (!loopbackHost.test(hostname)) {
    problems.push(`"${hostname}" is not a loopback address (localhost or 127.x.x.x)`);
  }
  if (problems.length > 0) {
    throw new Error(
      `Refusing to start: FIREBASE_AUTH_EMULATOR_HOST=${authEmulatorHost} would accept unsigned ` +
        `tokens, but ${problems.join(' and ')}. Unset FIREBASE_AUTH_EMULATOR_HOST to verify signed ` +
        'tokens for a real project, or use a demo- project with a local emulator.',
    );
  }
  return { kind: 'emulator', host: authEmulatorHost };
}

/** The reference API host's settings, read from the environment once at start-up. */
export interface ServerConfig {
  apiPort: number;
  apiHost: string;
  /** Absolute path of the embedded PGlite database (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The one browser origin allowed to call the API with credentials. */
  webOrigin: string;
  authEmulatorHost: string | undefined;
  projectId: string;
  identityMode: IdentityMode;
  /** TRUST_PROXY: whose X-Forwarded-For to believe (default: nobody's). */
  trustProxy: TrustProxy;
  reconciler: ReconcilerConfig;
  passwordReset: PasswordResetConfig;
  /** PERMIT_REMINDER_MINUTES, as the permit mail dispatcher takes it. */
  permitMail: Pick<PermitMailSettings, 'reminderLeadMs'>;
  /** PUBLIC_API_URL: where residents reach the API; paging links are made from it. */
  publicApiUrl: string | undefined;
  /** LOG_LEVEL: the least severe level the host's logger writes (default info). */
  logLevel: LevelWithSilent;
  /** REGISTRATIONS_PER_ADDRESS_PER_HOUR: accounts one client address may create in an hour. */
  registrationsPerAddressPerHour: number;
}

/** Where the embedded database and the mail outbox live unless DATA_DIR says otherwise. */
export const defaultDataDir = '.data';

// A timer longer than this (about 24.8 days) fires at once in Node: a poll would never pause.
const longestTimerMs = 2 ** 31 - 1;
const milliseconds = (fallback: number, least = 0) =>
  z.coerce.number().int().min(least).max(longestTimerMs).default(fallback);

const reconcilerEnvironmentFields = z.object({
  RECONCILER: z.enum(['on', 'off']).default('on'),
  // Below 10 ms an idle reconciler would query the database without pause.
  RECONCILER_INTERVAL_MS: milliseconds(defaultReconcilerSettings.intervalMs, 10),
  RECONCILER_BATCH_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(defaultReconcilerSettings.batchSize),
  RECONCILER_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .default(defaultReconcilerSettings.maxAttempts),
  RECONCILER_BACKOFF_MS: milliseconds(defaultReconcilerSettings.backoffMs),
  RECONCILER_MAX_BACKOFF_MS: milliseconds(defaultReconcilerSettings.maxBackoffMs),
  // A provider call is abandoned after half the lease, so the lease must leave room for one.
  RECONCILER_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(2 ** 31 - 1)
    .default(defaultReconcilerSettings.leaseMs),
  PROVIDER_LATENCY_MS: milliseconds(200),
  PROVIDER_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  PROVIDER_CALL_LOG: z.string().trim().min(1).optional(),
});

/** The reconciler's variables checked together: a first wait longer than the longest is a slip. */
function withReconcilerChecks<
  Schema extends z.ZodType<z.infer<typeof reconcilerEnvironmentFields>>,
>(schema: Schema) {
  return schema.refine(
    (values) => values.RECONCILER_MAX_BACKOFF_MS >= values.RECONCILER_BACKOFF_MS,
    { path: ['RECONCILER_MAX_BACKOFF_MS'], message: 'must be at least RECONCILER_BACKOFF_MS' },
  );
}

const reconcilerEnvironmentSchema = withReconcilerChecks(reconcilerEnvironmentFields);

const passwordResetEnvironmentSchema = z.object({
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(1).default('Kerbside <no-reply@kerbside.test>'),
  PASSWORD_RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
});

const permitMailEnvironmentSchema = z.object({
  // Up to a week: a reminder further ahead than that is no longer "ending soon".
  PERMIT_REMINDER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(defaultPermitMailSettings.reminderLeadMs / 60_000),
});

const loggingEnvironmentSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const environmentFields = reconcilerEnvironmentFields.extend({
  ...passwordResetEnvironmentSchema.shape,
  ...permitMailEnvironmentSchema.shape,
  ...loggingEnvironmentSchema.shape,
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  API_HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default(defaultDataDir),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  WEB_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:8080')
    .refine(
      (value) => new URL(value).origin === value,
      'must be an origin such as http://host:port',
    ),
  PUBLIC_API_URL: z
    .url({ protocol: /^https?$/ })
    .refine((value) => !/[?#]/.test(value), 'must be a URL without a query or fragment')
    .optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[^\s:/]+:\d+$/, 'must be host:port')
    .optional(),
  FIREBASE_PROJECT_ID: z.string().trim().min(1).default('demo-kerbside'),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(defaultRegistrationsPerAddressPerHour),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value): TrustProxy => {
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d{1,2}$/.test(value)) return Number(value);
      return value.split(',').map((address) => address.trim());
    }),
});

const environmentSchema = withReconcilerChecks(environmentFields);

function parseEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  environment: NodeJS.ProcessEnv,
): z.infer<Schema> {
  // An empty variable means "not set", as it does for most tools.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid API host configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

function reconcilerConfigOf(values: z.infer<typeof reconcilerEnvironmentFields>): ReconcilerConfig {
  return {
    enabled: values.RECONCILER === 'on',
    settings: {
      intervalMs: values.RECONCILER_INTERVAL_MS,
      batchSize: values.RECONCILER_BATCH_SIZE,
      maxAttempts: values.RECONCILER_MAX_ATTEMPTS,
      backoffMs: values.RECONCILER_BACKOFF_MS,
      maxBackoffMs: values.RECONCILER_MAX_BACKOFF_MS,
      leaseMs: values.RECONCILER_LEASE_MS,
    },
    provider: {
      latencyMs: values.PROVIDER_LATENCY_MS,
      failureRate: values.PROVIDER_FAILURE_RATE,
      callLog: values.PROVIDER_CALL_LOG,
    },
  };
}

function passwordResetConfigOf(
  values: z.infer<typeof passwordResetEnvironmentSchema>,
): PasswordResetConfig {
  return {
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    tokenLifetimeMs: values.PASSWORD_RESET_TOKEN_MINUTES * 60_000,
  };
}

/** Only the password-reset mail variables: for startApi. */
export function loadPasswordResetConfig(
  environment: NodeJS.ProcessEnv = process.env,
): PasswordResetConfig {
  return passwordResetConfigOf(parseEnvironment(passwordResetEnvironmentSchema, environment));
}

/** Only the reconciler's and the provider's variables: for startApi and the worker. */
export function loadReconcilerConfig(
  environment: NodeJS.ProcessEnv = process.env,
): ReconcilerConfig {
  return reconcilerConfigOf(parseEnvironment(reconcilerEnvironmentSchema, environment));
}

/** Only PERMIT_REMINDER_MINUTES: the permit mail dispatcher's settings it decides. */
export function loadPermitMailConfig(
  environment: NodeJS.ProcessEnv = process.env,
): Pick<PermitMailSettings, 'reminderLeadMs'> {
  return permitMailConfigOf(parseEnvironment(permitMailEnvironmentSchema, environment));
}

function permitMailConfigOf(
  values: z.infer<typeof permitMailEnvironmentSchema>,
): Pick<PermitMailSettings, 'reminderLeadMs'> {
  return { reminderLeadMs: values.PERMIT_REMINDER_MINUTES * 60_000 };
}

/** Only LOG_LEVEL: for startApi's default logger. */
export function loadLogLevel(environment: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  return parseEnvironment(loggingEnvironmentSchema, environment).LOG_LEVEL;
}

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): ServerConfig {
  const values = parseEnvironment(environmentSchema, environment);
  return {
    apiPort: values.API_PORT,
    apiHost: values.API_HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    webOrigin: values.WEB_ORIGIN,
    authEmulatorHost: values.FIREBASE_AUTH_EMULATOR_HOST,
    projectId: values.FIREBASE_PROJECT_ID,
    identityMode: identityModeOf(values.FIREBASE_AUTH_EMULATOR_HOST, values.FIREBASE_PROJECT_ID),
    trustProxy: values.TRUST_PROXY,
    reconciler: reconcilerConfigOf(values),
    passwordReset: passwordResetConfigOf(values),
    permitMail: permitMailConfigOf(values),
    publicApiUrl: values.PUBLIC_API_URL,
    logLevel: values.LOG_LEVEL,
    registrationsPerAddressPerHour: values.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
  };
}
