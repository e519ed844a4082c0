import { startAuthEmulator, type RunningAuthEmulator } from '../../scripts/stack/auth-emulator';
import { provideDatabaseTemplate } from '../server/support/test-database';

const projectId = 'demo-kerbside';

declare global {
  var kerbsideAuthEmulator: RunningAuthEmulator | undefined;
}

/**
 * Jest globalSetup for the server project: one Auth emulator shared by every test file, and one
 * migrated database that each file's databases are copied from.
 */
export default async function serverProjectSetup(): Promise<void> {
  // When the browser project's globalSetup ran first, its stack's API host (in this same process)
  // set FIREBASE_AUTH_EMULATOR_HOST, which firebase-admin reads at each call: a second emulator
  // named there would make that host check its residents' tokens against the wrong emulator.
  // The server suites then use that one too.
  const running = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const [emulator] = await Promise.all([
    running ? undefined : startAuthEmulator({ projectId }),
    provideDatabaseTemplate(),
  ]);
  globalThis.kerbsideAuthEmulator = emulator;
  // Test workers inherit these, so firebase-admin in every test file talks to this emulator.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = running ?? emulator!.host;
  process.env.FIREBASE_PROJECT_ID = projectId;
  // Hosts started in-process stay quiet; a test that reads the log passes its own logger.
  process.env.LOG_LEVEL ??= 'silent';
}
