import { spawn } from 'node:child_process';
import path from 'node:path';

const repositoryRoot = path.resolve(__dirname, '../../..');

export interface ApiProcess {
  pid: number;
  /** Resolves with the exit code (null when a signal ended it) and everything it wrote. */
  exited: Promise<{ code: number | null; output: string }>;
  /** Resolves once it says it listens; rejects if it exits first. */
  listening: Promise<void>;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * What `npm run api` runs, as a child process with the given environment added. Node loads tsx
 * itself so that the pid and the signals are the host's own.
 */
export function startApiProcess(environment: Record<string, string | undefined>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('The API host did not start.');
  let output = '';
  let announceListening: () => void = () => {};
  const listeningOrExit = new Promise<void>((resolve) => (announceListening = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Kerbside API host on')) announceListening();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
  const listening = Promise.race([
    listeningOrExit,
    exited.then(({ code }) => {
      throw new Error(`The API host exited (${code}) before listening: ${output}`);
    }),
  ]);
  // Whoever awaits only `exited` must not see an unhandled rejection from `listening`.
  listening.catch(() => {});
  return {
    pid: child.pid,
    exited,
    listening,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
