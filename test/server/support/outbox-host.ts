import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startApi, type RunningApi } from '../../../server/start-api';
import { captureLog, type CapturedLog } from './captured-log';
import { temporaryDataDir } from './test-database';
import { emulatorHost, projectId, webOrigin } from '../../../scripts/stack/test-api';

/** The real host without SMTP (mail goes to its outbox), the demo resident seeded. */
export interface OutboxHost {
  api: RunningApi;
  dataDir: string;
  log: CapturedLog;
  /** Stops the host and deletes its data directory. */
  close(): Promise<void>;
}

/**
 * Starts the host with its log captured, in emulator mode or in `verified` mode, with no
 * FIREBASE_AUTH_EMULATOR_HOST as a council runs it (the variable is put back once it has started;
 * nothing these hosts are asked needs a token verified).
 */
export async function startOutboxHost(mode: 'emulator' | 'verified'): Promise<OutboxHost> {
  const dataDir = temporaryDataDir();
  const log = captureLog();
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (mode === 'verified') delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    const api = await startApi({
      port: 0,
      dataDir,
      webOrigin,
      authEmulatorHost: mode === 'emulator' ? emulatorHost() : undefined,
      projectId: mode === 'emulator' ? projectId() : 'kerbside-council',
      reconciler: false,
      seedDemo: {},
      passwordReset: { smtpUrl: undefined },
      logger: log.logger,
    });
    return {
      api,
      dataDir,
      log,
      close: async () => {
        await api.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  }
}

/** The first mail in the host's outbox, once it is saved and logged: its file and its text. */
export async function waitForOutboxMail(host: OutboxHost): Promise<{ file: string; text: string }> {
  const outbox = path.join(host.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [name] = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.json')) : [];
    if (name && host.log.text().includes('Mail saved')) {
      const file = path.join(outbox, name);
      const { text } = JSON.parse(readFileSync(file, 'utf8')) as { text: string };
      return { file, text };
    }
    if (Date.now() > deadline) throw new Error('No mail reached the outbox.');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
