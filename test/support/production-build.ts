import fs from 'node:fs';
import path from 'node:path';
import type { ProductionBuildStats } from '../../scripts/stack/production-build';

/** Where production-build-setup.ts tells the test workers it built the bundle. */
export const productionBuildVariable = 'KERBSIDE_TEST_PRODUCTION_BUILD';

export const siteOf = (directory: string) => path.join(directory, 'site');
export const statsFileOf = (directory: string) => path.join(directory, 'stats.json');

export interface ProductionBuild {
  /** The files a static host would serve. */
  site: string;
  stats: ProductionBuildStats;
}

/** The production bundle this Jest run built once (test/support/production-build-setup.ts). */
export function productionBuild(): ProductionBuild {
  const directory = process.env[productionBuildVariable];
  if (!directory) {
    throw new Error(
      `${productionBuildVariable} is not set: run this suite through Jest's build or browser project, whose globalSetup builds the bundle.`,
    );
  }
  return {
    site: siteOf(directory),
    stats: JSON.parse(fs.readFileSync(statsFileOf(directory), 'utf8')) as ProductionBuildStats,
  };
}
