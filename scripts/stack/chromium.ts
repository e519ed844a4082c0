import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

/** Where the browser project's globalSetup (test/support/browser-project-setup.ts) tells the suites
 * about the Chromium they share. */
export const chromiumServerVariable = 'KERBSIDE_E2E_CHROMIUM';

/**
 * The address bar's popup. Headless Chromium 156 gives each window an address bar whose popup is
 * a web page of its own (chrome://omnibox-popup.top-chrome), in a renderer that works at every
 * page's navigation: 51 s of CPU in a 116 s run of the flows in Chromium, which took 87 s without
 * it.
 */
export const omniboxPopupFeatures = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
] as const;

/** The switch that turns Chromium's features off, as `--disable-features=A,B`. */
const disableFeatures = '--disable-features=';

/**
 * `flags` with `features` added to their `--disable-features`: Chromium reads only the last one
 * (with two, the first is ignored), so they join the last, or make one.
 */
export function withFeaturesDisabled(
  flags: readonly string[],
  features: readonly string[],
): string[] {
  const last = flags.findLastIndex((flag) => flag.startsWith(disableFeatures));
  if (last < 0) return [...flags, `${disableFeatures}${features.join(',')}`];
  return flags.map((flag, index) => (index === last ? [flag, ...features].join(',') : flag));
}

/**
 * The features playwright-core turns off (its `chromiumSwitches`, as of 1.65), which a
 * `--disable-features` of ours replaces, and the omnibox's popup. `launchChromiumServer` checks
 * that the list still holds playwright-core's.
 */
const disabledFeatures = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
  ...omniboxPopupFeatures,
];

// Debian's Chromium (or CHROME_PATH); playwright-core never downloads a browser. The flags keep
// Chromium from reaching out to the network, which this machine does not have.
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `${disableFeatures}${disabledFeatures.join(',')}`,
  ],
};

/**
 * The features an earlier `--disable-features` of `commandLine` turned off that its last one, the
 * one Chromium reads, leaves on.
 */
function featuresNoLongerDisabled(commandLine: readonly string[]): string[] {
  const lists = commandLine
    .filter((arg) => arg.startsWith(disableFeatures))
    .map((arg) => arg.slice(disableFeatures.length).split(','));
  const last = new Set(lists.at(-1));
  return [...new Set(lists.slice(0, -1).flat())].filter((feature) => !last.has(feature));
}

/** A Chromium that several Jest workers connect to: the browser project's one browser. */
export async function launchChromiumServer(): Promise<BrowserServer> {
  const server = await chromium.launchServer(launchOptions);
  const dropped = featuresNoLongerDisabled(server.process().spawnargs);
  if (dropped.length > 0) {
    await server.close();
    throw new Error(
      `playwright-core now also disables ${dropped.join(', ')}: add them to disabledFeatures in scripts/stack/chromium.ts`,
    );
  }
  return server;
}

/**
 * The browser project's shared Chromium when its globalSetup started one, otherwise a browser of the
 * suite's own. Each suite works in contexts of its own; `close()` on a connected browser closes
 * those and disconnects, leaving the browser to the globalTeardown.
 */
export function launchChromium(): Promise<Browser> {
  const shared = process.env[chromiumServerVariable];
  return shared ? chromium.connect(shared) : chromium.launch(launchOptions);
}
