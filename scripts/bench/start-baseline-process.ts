import path from 'node:path';
import { forkHostProcess, type HostProcess } from './fork-host-process';

export interface BaselineOptions {
  databaseUrl: string;
  /** Whose permits the baseline route reads. */
  residentId: string;
}

/** Runs the baseline route (baseline-app.ts) in a child process on a free loopback port. */
export function startBaselineProcess(options: BaselineOptions): Promise<HostProcess> {
  return forkHostProcess(path.join(__dirname, 'baseline-host-process.ts'), options);
}
