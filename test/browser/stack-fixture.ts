import fs from 'node:fs';
import { startLocalStack, type LocalStack } from '../../scripts/stack/local-stack';
import { testRegistrationsPerAddressPerHour } from '../../scripts/stack/test-api';
import { adminCommandLine } from '../support/admin-command-line';
import { temporaryDataDir } from '../server/support/test-database';
import { productionBuild } from '../support/production-build';

export interface StackFixture {
  stack: LocalStack;
  dataDir: string;
  /** Runs an admin CLI command line against this stack's database, as an administrator would. */
  admin(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** Where the browser project's globalSetup (test/support/browser-project-setup.ts) tells the suites
 * about the stack they share. */
export const sharedStackVariable = 'KERBSIDE_E2E_STACK';

/** What the suites need to reach the shared stack, as globalSetup hands it on. */
interface SharedStackAddress {
  webUrl: string;
  apiUrl: string;
  emulatorHost: string;
  dataDir: string;
}

/** An admin command line against the database in `dataDir`, as an administrator would run it. */
export async function runAdmin(dataDir: string, ...args: string[]): Promise<string> {
  const run = await adminCommandLine(dataDir, ...args);
  if (run.code !== 0)
    throw new Error(`admin ${args.join(' ')} ended with ${run.code}: ${run.stderr}`);
  return run.stdout;
}

/**
 * The whole product on free ports with a data directory of its own (a copy of the run's migrated
 * database: test/server/support/test-database.ts), serving this run's production build. With
 * `runningEmulatorHost`, on that Auth emulator rather than one of its own.
 */
export async function startStackFixture(
  options: { runningEmulatorHost?: string } = {},
): Promise<StackFixture> {
  const dataDir = temporaryDataDir('kerbside-e2e-');
  const stack = await startLocalStack({
    webPort: 0,
    apiPort: 0,
    emulatorPort: 0,
    runningEmulatorHost: options.runningEmulatorHost,
    dataDir,
    webMode: 'production',
    builtSite: productionBuild().site,
    registrationsPerAddressPerHour: testRegistrationsPerAddressPerHour,
  });
  return {
    stack,
    dataDir,
    admin: (...args) => runAdmin(dataDir, ...args),
    stop: async () => {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function sharedStackAddress(): SharedStackAddress {
  const shared = process.env[sharedStackVariable];
  if (!shared) {
    throw new Error(
      `${sharedStackVariable} is not set: run this suite through Jest's browser project, whose globalSetup starts the stack.`,
    );
  }
  return JSON.parse(shared) as SharedStackAddress;
}

/**
 * The stack the browser project's globalSetup started for every browser suite, with scheduling on:
 * the suites make their own residents (and invite codes), so they stay independent of each
 * other, and none changes a site-wide setting. A suite that must (a reference label required, an
 * activation cap, a slow parking provider) starts its own with `startOwnStackFixture`. `stop`
 * leaves the shared stack to the globalTeardown.
 */
export function sharedStackFixture(): StackFixture {
  const { dataDir, ...urls } = sharedStackAddress();
  return {
    stack: { ...urls, stop: async () => {} },
    dataDir,
    admin: (...args) => runAdmin(dataDir, ...args),
    stop: async () => {},
  };
}

/**
 * A stack of the suite's own, for a site-wide setting or host option the shared stack must not
 * change, on the shared stack's Auth emulator: the residents are the suite's own either way, and
 * an emulator costs some 14 s of CPU to start.
 */
export function startOwnStackFixture(): Promise<StackFixture> {
  return startStackFixture({ runningEmulatorHost: sharedStackAddress().emulatorHost });
}
