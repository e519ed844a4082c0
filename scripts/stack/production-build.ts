import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { createWebpackConfig } from '../../webpack.config';

/** What the measurements and the build tests read of webpack's stats: the chunks, their modules
 * (a concatenated module lists those it joined) and the imports that load them. */
export type ProductionBuildStats = webpack.StatsCompilation;

/** Builds the production bundle into `outputPath`. */
export function buildProductionBundle(outputPath: string): Promise<ProductionBuildStats> {
  return new Promise((resolve, reject) => {
    webpack(createWebpackConfig('production', outputPath), (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('webpack returned no stats.'));
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(
        stats.toJson({
          all: false,
          chunks: true,
          chunkModules: true,
          chunkOrigins: true,
          // The chunks that start the app, the entry's `import()` of it (src/main.tsx).
          chunkGroups: true,
          nestedModules: true,
          // Every module a concatenated one joined, not a count of them: the build tests look for
          // modules by path (test/build/bundle-budget.test.ts).
          dependentModules: true,
          ids: true,
        }),
      );
    });
  });
}

/** `tsx scripts/stack/production-build.ts <site> <stats.json>`: the tests' one build, made in a
 * process of its own so that webpack's memory goes when it ends (test/support/production-build.ts). */
if (require.main === module) {
  const [site, statsFile] = process.argv.slice(2);
  if (!site || !statsFile) {
    console.error('Usage: production-build.ts <output directory> <stats file>');
    process.exit(2);
  }
  buildProductionBundle(path.resolve(site)).then(
    (stats) => fs.writeFileSync(statsFile, JSON.stringify(stats)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
