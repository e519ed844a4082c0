const Sequencer = require('@jest/test-sequencer').default;

// Where the longest suites are, longest first: the browser suites, the screen models and
// components, the server contracts, the build checks, the machines.
const layerOrder = ['browser', 'screens', 'server', 'build', 'machines'];

/**
 * Jest runs the suites longest first by the durations it cached in earlier runs. A clean clone
 * (CI) has none, and Jest then goes by file size: a long browser suite could start last and run
 * alone while the other core idles. Without a cache for every suite, the layers go longest first,
 * the engines' journeys and the screen models first within theirs, then larger files first.
 */
class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const byCache = super.sort(tests);
    if (tests.every((test) => test.duration != null)) return byCache;
    const rank = (test) => {
      const layer = layerOrder.indexOf(test.context.config.displayName?.name ?? '');
      return [
        layer < 0 ? layerOrder.length : layer,
        /\/engines\/|\.model\.test\./.test(test.path) ? 0 : 1,
        -(test.context.hasteFS.getSize(test.path) ?? 0),
      ];
    };
    return [...tests].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
    });
  }
}

module.exports = SlowestFirstSequencer;
