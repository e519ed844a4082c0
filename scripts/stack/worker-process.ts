import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(__dirname, '../..');

export interface WorkerProcess {
  pid: number;
  /**
   * Resolves once the worker says it is running, with the address of its operator endpoints when
   * it serves them (server/worker.ts logs it).
   */
  ready: Promise<{ opsUrl?: string }>;
  /** Sends the signal and resolves with the exit code (null when the signal killed it). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

const outputTail = 64 * 1024;

/**
 * What `npm run worker` runs, as a child process with extra environment. Node loads tsx itself,
 * rather than through the tsx command's own child process, so that the pid and the signals sent
 * are the worker's.
 */
export function startWorker(environment: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the tail is kept (for the message if the worker exits), and the ready line is looked for
  // only until it comes: a worker logs a line per permit, so searching everything it ever wrote
  // on every chunk costs the parent time that grows with the square of the output (the council
  // bench's 10,000-permit burst).
  let output = '';
  let started = false;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputTail);
  };
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<{ opsUrl?: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (!started && output.includes('running against PostgreSQL')) {
        started = true;
        resolve({ opsUrl: /Operator endpoints on (http:\/\/[^\s"]+:\d+)/.exec(output)?.[1] });
      }
    });
    child.stderr.on('data', keep);
    void exited.then((code) => reject(new Error(`The worker exited (${code}): ${output}`)));
  });
  if (child.pid === undefined) throw new Error('The worker did not start.');
  return {
    pid: child.pid,
    ready,
    stop: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

export interface LoggedCall {
  pid: number;
  operation: string;
  permitId: number;
  /** The key the call carried: a retry of the same step carries the same one. */
  idempotencyKey?: string;
  at: number;
}

/** The calls the simulated provider appended to PROVIDER_CALL_LOG, in order. */
export function readCallLog(file: string): LoggedCall[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LoggedCall);
}
