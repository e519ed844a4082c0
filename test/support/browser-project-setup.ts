import type { BrowserServer } from 'playwright-core';
import { chromiumServerVariable, launchChromiumServer } from '../../scripts/stack/chromium';
import {
  sharedStackVariable,
  startStackFixture,
  type StackFixture,
} from '../browser/stack-fixture';
import { provideDatabaseTemplate } from '../server/support/test-database';
import productionBuildSetup from './production-build-setup';

declare global {
  var kerbsideE2eProject: { fixture: StackFixture; chromium: BrowserServer } | undefined;
}

/**
 * Jest globalSetup for the browser project: the production bundle (as for the build project) and
 * the migrated database every stack copies, then one stack and one Chromium that every browser
 * suite shares, where each suite used to start its own (an emulator, a migrated database and a
 * browser, 10–20 s a suite on two cores). Jest runs the projects' globalSetups in the order of
 * their first suites: when the server project's (server-project-setup.ts) ran first, the stack
 * uses its Auth emulator; otherwise that project uses this stack's. Either way, one per run.
 */
export default async function browserProjectSetup(): Promise<void> {
  await Promise.all([productionBuildSetup(), provideDatabaseTemplate()]);
  // The shared host runs in Jest's own process: its request log would fill the run's output.
  process.env.LOG_LEVEL ??= 'warn';
  const [fixture, chromium] = await Promise.all([
    startStackFixture({ runningEmulatorHost: globalThis.kerbsideAuthEmulator?.host }),
    launchChromiumServer(),
  ]);
  globalThis.kerbsideE2eProject = { fixture, chromium };
  await fixture.admin('settings', 'set', 'can_schedule_permits', 'true');
  // Test workers inherit these (test/browser/stack-fixture.ts and scripts/stack/chromium.ts read them).
  process.env[sharedStackVariable] = JSON.stringify({
    webUrl: fixture.stack.webUrl,
    apiUrl: fixture.stack.apiUrl,
    emulatorHost: fixture.stack.emulatorHost,
    dataDir: fixture.dataDir,
  });
  process.env[chromiumServerVariable] = chromium.wsEndpoint();
}
