import { removeDatabaseTemplate } from '../server/support/test-database';

/** Jest globalTeardown for the server project: stops what globalSetup started, removes the template. */
export default async function serverProjectTeardown(): Promise<void> {
  await globalThis.kerbsideAuthEmulator?.stop();
  globalThis.kerbsideAuthEmulator = undefined;
  removeDatabaseTemplate();
}
