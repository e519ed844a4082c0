import path from 'node:path';
import type { BaselineStatement } from './baseline-app';
import { forkHostProcess, type HostProcess } from './fork-host-process';

export interface BaselineOptions {
  databaseUrl: string;
  /** Whose permits the baseline route reads. */
  residentId: string;
  /** Statements recorded from the API's code, by name, served at baselineStatementsPath(name). */
  statements?: Record<string, BaselineStatement[]>;
}

/** Runs the baseline route (baseline-app.ts) in a child process on a free loopback port. */
export function startBaselineProcess(options: BaselineOptions): Promise<HostProcess> {
  return forkHostProcess(path.join(__dirname, 'baseline-host-process.ts'), options);
}
