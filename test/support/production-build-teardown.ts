import fs from 'node:fs';
import { productionBuildVariable } from './production-build';

/** Jest globalTeardown beside production-build-setup.ts: the build goes with the run. */
export default function productionBuildTeardown(): void {
  const directory = process.env[productionBuildVariable];
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
}
