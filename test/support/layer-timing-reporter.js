// A Jest reporter: once the run ends, how long each project (test layer) took in its suites, and
// the ten slowest suites. docs/testing.md keeps the table of a full run.
class LayerTimingReporter {
  onRunComplete(_contexts, results) {
    const suites = results.testResults.map((result) => ({
      layer: result.displayName?.name ?? '(none)',
      file: result.testFilePath.replace(`${process.cwd()}/`, ''),
      seconds: (result.perfStats.end - result.perfStats.start) / 1000,
      tests: result.numPassingTests + result.numFailingTests,
    }));
    const layers = new Map();
    for (const suite of suites) {
      const layer = layers.get(suite.layer) ?? { suites: 0, tests: 0, seconds: 0 };
      layer.suites += 1;
      layer.tests += suite.tests;
      layer.seconds += suite.seconds;
      layers.set(suite.layer, layer);
    }
    const wall = (Date.now() - results.startTime) / 1000;
    const lines = [
      '',
      `Time per layer (suite time summed over the workers; the run took ${wall.toFixed(0)} s of wall time):`,
      '',
      '| layer | suites | tests | suite time |',
      '|---|---:|---:|---:|',
      ...[...layers]
        .sort((a, b) => b[1].seconds - a[1].seconds)
        .map(
          ([name, { suites: n, tests, seconds }]) =>
            `| ${name} | ${n} | ${tests} | ${seconds.toFixed(0)} s |`,
        ),
      '',
      'Slowest ten suites:',
      '',
      '| suite | layer | time |',
      '|---|---|---:|',
      ...[...suites]
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 10)
        .map(({ file, layer, seconds }) => `| \`${file}\` | ${layer} | ${seconds.toFixed(0)} s |`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

module.exports = LayerTimingReporter;
