import { startAuthEmulator, type RunningAuthEmulator } from '../../scripts/stack/auth-emulator';

const projectId = 'demo-kerbside';

declare global {
  var kerbsideAuthEmulator: RunningAuthEmulator | undefined;
}

/** Jest globalSetup for the server project: one Auth emulator shared by every test file. */
export default async function authEmulatorSetup(): Promise<void> {
  const emulator = await startAuthEmulator({ projectId });
  globalThis.kerbsideAuthEmulator = emulator;
  // Test workers inherit these, so firebase-admin in every test file talks to this emulator.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = projectId;
  // Hosts started in-process stay quiet; a test that reads the log passes its own logger.
  process.env.LOG_LEVEL ??= 'silent';
}
