import type { Page } from 'playwright-core';
import { pageTextsInPage } from '../../support/page-texts';
import { axeViolations } from '../axe';
import { launchChromium } from '../../../scripts/stack/chromium';
import {
  targetSelector,
  type ControlRole,
  type EngineDriver,
  type NameMatch,
  markOne,
  selectFocusedText,
  serviceWorkerState,
  waitForTextIn,
  type InPage,
} from './engine-driver';

/** Debian's Chromium through playwright-core, as a UK resident's browser (en-GB, London time). */
export async function startChromiumDriver(): Promise<EngineDriver> {
  const browser = await launchChromium();
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    reducedMotion: 'reduce',
  });
  const page: Page = await context.newPage();

  // Each protocol types its evaluate in its own way; the in-page functions take and give plain data.
  const inPage: InPage = (script, arg) => page.evaluate(script as never, arg) as never;
  const target = async (role: ControlRole, name: NameMatch, group?: string) => {
    await markOne(inPage, role, name, group);
    return page.locator(targetSelector);
  };

  return {
    engine: 'Chromium',
    goto: async (url) => {
      await page.goto(url);
    },
    waitForPath: (path) => page.waitForURL((url) => url.pathname === path),
    setViewport: (size) => page.setViewportSize(size),
    fill: async (label, value) => (await target('textbox', label)).fill(value),
    click: async (role, name) => (await target(role, name)).click(),
    focus: async (label, group) => {
      await (await target('textbox', label, group)).focus();
      await inPage(selectFocusedText, undefined);
    },
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    waitForText: (text, options = {}) => waitForTextIn(inPage, text, options, true),
    waitForTextGone: (text, options = {}) => waitForTextIn(inPage, text, options, false),
    axeViolations: () => axeViolations(page),
    pageTexts: () => inPage(pageTextsInPage, true),
    serviceWorker: () => inPage(serviceWorkerState, undefined),
    close: () => browser.close(),
  };
}
