import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium (or CHROME_PATH); playwright-core never downloads a browser. The flags keep
// Chromium from reaching out to the network, which this machine does not have.
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
  });
}
