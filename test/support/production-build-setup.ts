import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { productionBuildVariable, siteOf, statsFileOf } from './production-build';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

/**
 * Jest globalSetup for the build and browser projects: the production bundle is built once per
 * run, in a process of its own, and every suite that serves or inspects it reads that one build
 * (test/support/production-build.ts). Both projects name this setup; the second finds it done.
 */
export default async function productionBuildSetup(): Promise<void> {
  if (process.env[productionBuildVariable]) return;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-test-build-'));
  await run(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      path.join(root, 'scripts/stack/production-build.ts'),
      siteOf(directory),
      statsFileOf(directory),
    ],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  // Test workers inherit it, and so does the teardown.
  process.env[productionBuildVariable] = directory;
}
