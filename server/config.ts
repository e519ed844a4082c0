import path from 'node:path';
import { z } from 'zod';
import { defaultDemoInviteCode } from './admin/admin-command';

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
  demoInviteCode: string;
}

const environmentSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  API_HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
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
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[^\s:/]+:\d+$/, 'must be host:port')
    .optional(),
  FIREBASE_PROJECT_ID: z.string().trim().min(1).default('demo-kerbside'),
  DEMO_INVITE_CODE: z.string().trim().min(1).max(64).default(defaultDemoInviteCode),
});

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable means "not set", as it does for most tools.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid API host configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    apiPort: values.API_PORT,
    apiHost: values.API_HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    webOrigin: values.WEB_ORIGIN,
    authEmulatorHost: values.FIREBASE_AUTH_EMULATOR_HOST,
    projectId: values.FIREBASE_PROJECT_ID,
    demoInviteCode: values.DEMO_INVITE_CODE.toUpperCase(),
  };
}
