import axe from 'axe-core';
import { pageTextsInPage } from '../../support/page-texts';
import puppeteer, { type Page } from 'puppeteer-core';
import { axeRunOptions, describeAxeViolation } from '../axe';
import {
  axeSummariesInPage,
  targetSelector,
  type ControlRole,
  type EngineDriver,
  type NameMatch,
  markOne,
  selectFocusedText,
  serviceWorkerState,
  waitUntil,
  waitForTextIn,
  type InPage,
} from './engine-driver';

/**
 * Debian's Firefox ESR (FIREFOX_PATH, or /usr/bin/firefox-esr) through puppeteer-core over
 * WebDriver BiDi, as a UK resident's Firefox: en-GB and London time, without which its date fields
 * show mm/dd/yyyy. Nothing is downloaded.
 */
export async function startFirefoxDriver(): Promise<EngineDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    env: { ...process.env, LANG: 'en_GB.UTF-8', TZ: 'Europe/London' },
    extraPrefsFirefox: {
      'intl.locale.requested': 'en-GB',
      'intl.regional_prefs.use_os_locales': true,
      'ui.prefersReducedMotion': 1,
    },
  });
  const page: Page = await browser.newPage();

  // Each protocol types its evaluate in its own way; the in-page functions take and give plain data.
  const inPage: InPage = (script, arg) => page.evaluate(script as never, arg) as never;
  const target = async (role: ControlRole, name: NameMatch, group?: string) => {
    await markOne(inPage, role, name, group);
    return (
      (await page.$(targetSelector)) ??
      Promise.reject(new Error(`The ${role} named ${JSON.stringify(name)} went away`))
    );
  };

  return {
    engine: 'Firefox',
    goto: async (url) => {
      await page.goto(url);
    },
    waitForPath: (path) =>
      waitUntil(
        async () => new URL(page.url()).pathname === path,
        () => `Still at ${page.url()}, not ${path}`,
      ),
    setViewport: (size) => page.setViewport(size),
    fill: async (label, value) => (await target('textbox', label)).type(value),
    // React can draw a control anew between the driver finding and clicking it (as it takes over
    // the page rendered in advance); puppeteer then reports the node detached before any click is
    // sent. Found again, as Playwright's locators do, it is clicked once.
    click: async (role, name) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await (await target(role, name)).click();
        } catch (error) {
          const detached = error instanceof Error && error.message.includes('detached');
          if (!detached || attempt >= 3) throw error;
        }
      }
    },
    focus: async (label, group) => {
      await (await target('textbox', label, group)).focus();
      await inPage(selectFocusedText, undefined);
    },
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    waitForText: (text, options = {}) => waitForTextIn(inPage, text, options, true),
    waitForTextGone: (text, options = {}) => waitForTextIn(inPage, text, options, false),
    axeViolations: async () => {
      if (!(await page.evaluate(() => 'axe' in window))) {
        // Evaluated over WebDriver BiDi, not added as an inline <script>, which a page's CSP may refuse.
        await page.evaluate(axe.source);
      }
      return (await page.evaluate(axeSummariesInPage, axeRunOptions)).map(describeAxeViolation);
    },
    pageTexts: () => inPage(pageTextsInPage, true),
    serviceWorker: () => inPage(serviceWorkerState, undefined),
    close: () => browser.close(),
  };
}
