// One runner, several projects: each suite gets the environment its subject lives in.
const { accessSync, constants } = require('node:fs');

// The suites' temporary files (each server suite's copy of the migrated PGlite database, 40 MB in
// 1,036 files, the browsers' profiles, the mail outboxes) go to memory where the machine has a
// tmpfs at /dev/shm, as Linux machines do: on disk, copying and deleting those databases took a
// sixth of the server project's time (docs/testing.md). The workers, and every process they start,
// inherit TMPDIR; Jest's own cache stays where it was, since its default was read before this.
if (!process.env.TMPDIR) {
  try {
    accessSync('/dev/shm', constants.W_OK);
    process.env.TMPDIR = '/dev/shm';
  } catch {
    // No tmpfs there (macOS, Windows): the system's temporary directory, as before.
  }
}
const common = { transform: { '\\.[cm]?[jt]sx?$': 'babel-jest' }, clearMocks: true };
// PGlite loads its extensions with a dynamic import(), which Jest runs only once babel rewrites it.
const transformPglite = ['/node_modules/(?!@electric-sql/pglite/dist/)'];
// puppeteer-core (which drives Firefox in test/browser/engines) and the packages it imports are ES
// modules only; babel rewrites them for Jest as it does PGlite.
const transformForBrowsers = [
  '/node_modules/(?!(@electric-sql/pglite/dist|puppeteer-core|chromium-bidi|@puppeteer/browsers|modern-tar|webdriver-bidi-protocol|typed-query-selector)/)',
];

module.exports = {
  // Two workers for two cores: the browser suites wait on pages much of the time, and their
  // stack and browser run in the main process (test/support/browser-project-setup.ts).
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/support/slowest-first-sequencer.js',
  reporters: ['default', '<rootDir>/test/support/layer-timing-reporter.js'],
  // On two cores Jest would run every suite in its own main process, one after another, and what
  // each suite leaves behind (webpack, jsdom, PGlite) piled up until the heap ran out (a CI run
  // died at 3.9 GB). With a limit set, the suites run in a worker that is replaced once
  // it has grown past it.
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'machines',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/machines/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'screens',
      testEnvironment: '<rootDir>/test/support/jsdom-environment.js',
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-screens.ts'],
      testMatch: ['<rootDir>/test/screens/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'server',
      transformIgnorePatterns: transformPglite,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/server-project-setup.ts',
      globalTeardown: '<rootDir>/test/support/server-project-teardown.ts',
    },
    {
      ...common,
      // The production bundle, built once per run for every suite that serves or inspects it.
      globalSetup: '<rootDir>/test/support/production-build-setup.ts',
      globalTeardown: '<rootDir>/test/support/production-build-teardown.ts',
      displayName: 'build',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/build/**/*.test.ts'],
    },
    {
      ...common,
      // The same bundle, then one stack and one Chromium shared by every browser suite.
      globalSetup: '<rootDir>/test/support/browser-project-setup.ts',
      globalTeardown: '<rootDir>/test/support/browser-project-teardown.ts',
      displayName: 'browser',
      transformIgnorePatterns: transformForBrowsers,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
    },
  ],
};
