import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

/** Where the browser project's globalSetup (test/support/browser-project-setup.ts) tells the suites
 * about the Chromium they share. */
export const chromiumServerVariable = 'KERBSIDE_E2E_CHROMIUM';

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
  ],
};

/** A Chromium that several Jest workers connect to: the browser project's one browser. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions);
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
