import path from 'node:path';
import type { StartApiOptions } from '../../server/start-api';
import { forkHostProcess, type HostProcess } from './fork-host-process';

export type ApiProcess = HostProcess;

/**
 * Runs startApi(options) in a child process and resolves with its URL once it listens; with
 * `cpuProfileDir` the child writes a CPU profile there when it stops.
 */
export function startApiProcess(
  options: StartApiOptions,
  cpuProfileDir?: string,
): Promise<ApiProcess> {
  return forkHostProcess(path.join(__dirname, 'api-host-process.ts'), options, cpuProfileDir);
}
