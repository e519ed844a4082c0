import { removeDatabaseTemplate } from '../server/support/test-database';
import productionBuildTeardown from './production-build-teardown';

/** Jest globalTeardown for the browser project: stops what browser-project-setup.ts started. */
export default async function browserProjectTeardown(): Promise<void> {
  const project = globalThis.kerbsideE2eProject;
  globalThis.kerbsideE2eProject = undefined;
  await project?.chromium.close();
  await project?.fixture.stop();
  productionBuildTeardown();
  removeDatabaseTemplate();
}
