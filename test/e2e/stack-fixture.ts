import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startLocalStack, type LocalStack } from '../../scripts/stack/local-stack';
import { productionBuild } from '../support/production-build';

const run = promisify(execFile);

export interface StackFixture {
  stack: LocalStack;
  dataDir: string;
  /** Runs the real admin CLI against this stack's database, as an administrator would. */
  admin(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** The whole product on free ports with a data directory of its own, serving this run's production
 * build. */
export async function startStackFixture(): Promise<StackFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-e2e-'));
  const stack = await startLocalStack({
    webPort: 0,
    apiPort: 0,
    emulatorPort: 0,
    dataDir,
    webMode: 'production',
    builtSite: productionBuild().site,
  });
  return {
    stack,
    dataDir,
    admin: async (...args) => {
      const cli = path.resolve(__dirname, '../../server/cli/admin.ts');
      const tsx = path.resolve(__dirname, '../../node_modules/.bin/tsx');
      const { stdout } = await run(tsx, [cli, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      return stdout;
    },
    stop: async () => {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
