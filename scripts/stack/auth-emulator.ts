import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from './free-port';

export interface AuthEmulatorOptions {
  /** Port for the Auth emulator; 0 or undefined picks a free one on 127.0.0.1. */
  port?: number;
  projectId?: string;
}

export interface RunningAuthEmulator {
  /** `127.0.0.1:PORT`, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  port: number;
  /** The process that leads the emulator's own session (it starts detached). */
  pid: number;
  stop(): Promise<void>;
}

const loopback = '127.0.0.1';
const startTimeoutMs = 120_000;
const stopGraceMs = 5_000;
const firebaseBin = path.resolve(__dirname, '../../node_modules/.bin/firebase');

// Runs firebase-tools and stops it when our end of its stdin pipe closes, which happens however
// this process ends (a crash or SIGKILL included), so no emulator outlives the tests or npm start.
// When orphaned it also deletes the work directory it runs in, since we no longer can.
const watchdogSource = `
const { spawn } = require('node:child_process');
const { rmSync } = require('node:fs');
const [command, ...args] = process.argv.slice(1);
const emulator = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let orphaned = false;
const stop = () => {
  emulator.kill('SIGTERM');
  setTimeout(() => emulator.kill('SIGKILL'), 5000).unref();
};
process.stdin
  .on('end', () => {
    orphaned = true;
    stop();
  })
  .on('error', stop)
  .resume();
process.on('SIGTERM', stop).on('SIGINT', stop);
emulator.on('exit', (code) => {
  if (orphaned) rmSync(process.cwd(), { recursive: true, force: true });
  process.exit(code ?? 1);
});
`;

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

async function answers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://${loopback}:${port}/`, {
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Starts firebase-tools' Auth emulator (and nothing else) in its own process group, offline and
 * quiet, and resolves once it answers HTTP. Its output goes to a log file that is printed only
 * when start-up fails.
 */
export async function startAuthEmulator(
  options: AuthEmulatorOptions = {},
): Promise<RunningAuthEmulator> {
  // A port found free can be taken by another process before firebase-tools binds one of its
  // three (auth, hub, logging), and on a loaded machine firebase-tools has been seen to print
  // "All emulators ready!" and then exit with "An unexpected error has occurred". Any start whose
  // process exits before the emulator answers is retried on fresh ports; a start that hangs is not.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startAuthEmulatorOnce(options);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof EarlyExitError)) throw error;
    }
  }
}

class EarlyExitError extends Error {
  override name = 'EarlyExitError';
}

/** The last lines of a file firebase-tools wrote, or nothing when it wrote none. */
function tailOf(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function startAuthEmulatorOnce(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const projectId = options.projectId ?? 'demo-kerbside';
  const port = options.port || (await findFreePort());
  // firebase-tools always starts a hub and a logging emulator on fixed default ports; giving them
  // free ports lets several emulators (npm start, server tests, browser tests) run side by side.
  const hubPort = await findFreePort();
  const loggingPort = await findFreePort();
  const workDir = mkdtempSync(path.join(tmpdir(), 'kerbside-auth-emulator-'));
  const configPath = path.join(workDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: loopback, port },
        hub: { host: loopback, port: hubPort },
        logging: { host: loopback, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const logPath = path.join(workDir, 'emulator.log');
  const logFd = openSync(logPath, 'a');
  const child = spawn(
    process.execPath,
    [
      '-e',
      watchdogSource,
      firebaseBin,
      ...['emulators:start', '--only', 'auth', '--project', projectId, '--config', configPath],
    ],
    {
      // firebase-tools writes firebase-debug.log into its working directory and its hub locator
      // into TMPDIR: both stay inside the work directory.
      cwd: workDir,
      detached: true,
      stdio: ['pipe', logFd, logFd],
      env: {
        ...process.env,
        TMPDIR: workDir,
        // Offline: no update check (it would spawn a detached process) and no MOTD fetch.
        NO_UPDATE_NOTIFIER: '1',
        CI: '1',
      },
    },
  );
  closeSync(logFd);

  const stop = async (): Promise<void> => {
    signalGroup(child, 'SIGTERM');
    if (!(await waitForExit(child, stopGraceMs))) {
      signalGroup(child, 'SIGKILL');
      await waitForExit(child, stopGraceMs);
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  while (!(await answers(port))) {
    const exited = hasExited(child);
    if (exited || Date.now() > deadline) {
      const output = readFileSync(logPath, 'utf8');
      const debugLog = tailOf(path.join(workDir, 'firebase-debug.log'));
      await stop();
      const message = [
        `The Auth emulator did not start on ${loopback}:${port}.`,
        `--- firebase output ---\n${output}`,
        `--- end of firebase-debug.log ---\n${debugLog}`,
      ].join('\n');
      throw exited ? new EarlyExitError(message) : new Error(message);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { host: `${loopback}:${port}`, port, pid: child.pid ?? NaN, stop };
}
