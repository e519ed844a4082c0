import { fork } from 'node:child_process';
import path from 'node:path';
import type { StartApiOptions } from '../../server/start-api';

export interface ApiProcess {
  url: string;
  stop(): Promise<void>;
}

const stopGraceMs = 10_000;

/** Runs startApi(options) in a child process and resolves with its URL once it listens. */
export function startApiProcess(options: StartApiOptions): Promise<ApiProcess> {
  const child = fork(path.join(__dirname, 'api-host-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_API_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url?: string }) => {
      if (message.url) resolve({ url: message.url, stop });
    });
    child.once('exit', (code) =>
      reject(new Error(`The API host exited (${code}) before listening.`)),
    );
    child.once('error', reject);
  });
}
