import { fork } from 'node:child_process';

export interface HostProcess {
  url: string;
  /** The child's process id (its memory is read from /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

const stopGraceMs = 10_000;

/**
 * Forks `script` (a host that reads its options from BENCH_HOST_OPTIONS, sends `{ url }` once it
 * listens and stops on 'stop' or when its parent goes away) and resolves with its URL. With
 * `cpuProfileDir`, the child writes a V8 CPU profile there when it stops (node --cpu-prof).
 */
export function forkHostProcess(
  script: string,
  options: unknown,
  cpuProfileDir?: string,
): Promise<HostProcess> {
  const profiling = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx', ...profiling],
    env: { ...process.env, BENCH_HOST_OPTIONS: JSON.stringify(options) },
    // The host logs every request to stdout as it would in production (LOG_LEVEL, default
    // info): the cost stays in the figures, the lines stay out of the report.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
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
      if (message.url) resolve({ url: message.url, pid: child.pid ?? NaN, stop });
    });
    child.once('exit', (code) =>
      reject(new Error(`The host in ${script} exited (${code}) before listening.`)),
    );
    child.once('error', reject);
  });
}
