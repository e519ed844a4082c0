import productionBuildTeardown from './production-build-teardown';

/** Jest globalTeardown for the e2e project: stops what e2e-project-setup.ts started. */
export default async function e2eProjectTeardown(): Promise<void> {
  const project = globalThis.kerbsideE2eProject;
  globalThis.kerbsideE2eProject = undefined;
  await project?.chromium.close();
  await project?.fixture.stop();
  productionBuildTeardown();
}
