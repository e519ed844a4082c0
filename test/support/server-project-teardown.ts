import { rmSync } from 'node:fs';
import { databaseTemplateVariable } from '../server/support/test-database';

/** Jest globalTeardown for the server project: stops what globalSetup started, removes the template. */
export default async function serverProjectTeardown(): Promise<void> {
  await globalThis.kerbsideAuthEmulator?.stop();
  globalThis.kerbsideAuthEmulator = undefined;
  const template = process.env[databaseTemplateVariable];
  if (template) rmSync(template, { recursive: true, force: true });
}
