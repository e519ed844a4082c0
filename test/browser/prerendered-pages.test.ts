import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../scripts/stack/chromium';
import { inWelsh } from '../support/in-welsh';
import { productionBuild } from '../support/production-build';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  fixture = sharedStackFixture();
  browser = await launchChromium();
  // Service workers allowed, as for a resident: blocked, the app reports that it could not
  // register its worker, an error this suite would count.
  context = await browser.newContext();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

/** Every page the build rendered in advance: the HTML files it wrote beside index.html
 * (webpack.config.ts), each served at its clean URL. */
const prerenderedPages = fs
  .readdirSync(productionBuild().site, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html') && file !== 'index.html')
  .map((file) => `/${file.replace(/\.html$/, '')}`)
  .sort();

/** What the page showed when the app took it over: the moment its `inert` went. */
interface TakeOver {
  /** Whether the page's heading (or main element) was still the element the HTML painted. */
  sameElement: boolean;
  shown: string | null;
  /**
   * The page's fields, buttons and links that React had not yet taken over: it marks each element
   * it has with its props (`__reactProps$…`). A key pressed in one of them would wait while React
   * took it over there and then (docs/performance.md).
   */
  controlsNotYetReact: string[];
}

/**
 * Opens `route` and reports how the app took over the page painted from its HTML, with every
 * console error and uncaught error on the way: the app reports a page it had to draw anew because
 * React found the HTML different from its own first render (src/shell/start-app.tsx).
 */
async function openAndTakeOver(route: string, inContext = context) {
  const page = await inContext.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const seen: { takeOver: TakeOver | null } = { takeOver: null };
    Object.assign(window, { seen });
    // The app starts after the first paint (src/main.tsx), long after the HTML is parsed.
    document.addEventListener('DOMContentLoaded', () => {
      // The copy in the language public/language.js chose (webpack.config.ts writes two).
      const shownCopy = document.querySelector(`#root > [lang="${document.documentElement.lang}"]`);
      Object.assign(window, { paintedEmail: shownCopy?.querySelector('input[name="email"]') });
      const landmark = (within: Element | null | undefined) =>
        within?.querySelector('h1') ?? within?.querySelector('main') ?? null;
      const painted = landmark(shownCopy);
      const observer = new MutationObserver(() => {
        if (document.querySelector('#root [inert]')) return;
        observer.disconnect();
        const shown = landmark(document.getElementById('root'));
        const controlsNotYetReact = [...document.querySelectorAll('#root :is(input, button, a)')]
          .filter((control) => !Object.keys(control).some((key) => key.startsWith('__reactProps$')))
          .map((control) => control.getAttribute('name') ?? control.textContent ?? '');
        seen.takeOver = {
          sameElement: shown === painted,
          shown: shown?.textContent ?? null,
          controlsNotYetReact,
        };
      });
      observer.observe(document.body, { attributes: true, childList: true, subtree: true });
    });
  });
  await page.goto(`${fixture.stack.webUrl}${route}`);
  await page.waitForFunction(
    () => (window as unknown as { seen: { takeOver: unknown } }).seen.takeOver !== null,
    undefined,
    { timeout: 60_000 },
  );
  const takeOver = await page.evaluate(
    () => (window as unknown as { seen: { takeOver: TakeOver } }).seen.takeOver,
  );
  return { page, takeOver, errors };
}

test('the build rendered the sign-in and signed-in pages in advance', () => {
  expect(prerenderedPages).toEqual(expect.arrayContaining(['/login', '/my-permits']));
});

test.each(prerenderedPages)(
  '%s: the app takes over the page painted from its HTML without drawing it anew, and reports no error',
  async (route) => {
    const { page, takeOver, errors } = await openAndTakeOver(route);
    try {
      expect(takeOver).toEqual({
        sameElement: true,
        shown: expect.any(String),
        controlsNotYetReact: [],
      });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  },
);

test('/login: the sign-in form painted from the HTML is the one that takes what is typed', async () => {
  const { page, takeOver, errors } = await openAndTakeOver('/login');
  try {
    expect(takeOver).toEqual({
      sameElement: true,
      shown: 'Sign in to Kerbside',
      controlsNotYetReact: [],
    });
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(
      page.evaluate(
        () =>
          (window as unknown as { paintedEmail: Element | null }).paintedEmail ===
          document.querySelector('input[name="email"]'),
      ),
    ).resolves.toBe(true);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('someone@example.com');
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('/login whose screen\'s code cannot load: the page says so, and its "Reload page" can be pressed', async () => {
  // Without a service worker, which would answer from its cache what the route below refuses.
  const ownContext = await browser.newContext({ serviceWorkers: 'block' });
  const page = await ownContext.newPage();
  try {
    await page.route('**/assets/screen-login.*.js', (route) => route.abort());
    await page.goto(`${fixture.stack.webUrl}/login`);
    await expect(
      page.getByText('Sorry, this page could not be shown').waitFor({ timeout: 60_000 }),
    ).resolves.toBeUndefined();
    // The page the build drew stays inert until the app has taken it over: here, with the error.
    await page.waitForFunction(() => !document.querySelector('#root [inert]'), undefined, {
      timeout: 10_000,
    });
    await page.unroute('**/assets/screen-login.*.js');
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(reloaded).resolves.toBe(page.mainFrame());
  } finally {
    await ownContext.close();
  }
});

test.each(['/login', '/my-permits'])(
  '%s in Welsh: the app takes over the Welsh copy the page painted, drops the English one, and the page then takes its language from <html lang>',
  async (route) => {
    const welshContext = await browser.newContext();
    try {
      // The language link's address chooses Welsh on this device (public/language.js).
      const choosing = await welshContext.newPage();
      await choosing.goto(`${fixture.stack.webUrl}/login?lang=cy`);
      await choosing.close();
      const { page, takeOver, errors } = await openAndTakeOver(route, welshContext);
      expect(takeOver).toEqual({
        sameElement: true,
        shown:
          route === '/login'
            ? inWelsh('Sign in to {appName}', { appName: 'Kerbside' })
            : expect.any(String),
        controlsNotYetReact: [],
      });
      await expect(
        page.evaluate(() => ({
          lang: document.documentElement.lang,
          copies: document.querySelectorAll('#root > *').length,
          ownLang: document.querySelectorAll('#root > [lang]').length,
          // Installed from here, the app takes its name in Welsh.
          manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
        })),
      ).resolves.toEqual({
        lang: 'cy',
        copies: 1,
        ownLang: 0,
        manifest: '/manifest.cy.webmanifest',
      });
      expect(errors).toEqual([]);
    } finally {
      await welshContext.close();
    }
  },
);

test('/login is styled from its HTML alone, before any script has run, as the app then styles it', async () => {
  // What Chakra's styles decide about the page's heading, field, button and frame.
  const look = () =>
    ['h1', 'input[name="email"]', 'button[type="submit"]', 'main'].map((selector) => {
      const element = document.querySelector(`#root ${selector}`);
      if (!element) return `${selector}: missing`;
      const style = getComputedStyle(element);
      return [
        selector,
        style.fontSize,
        style.fontWeight,
        style.color,
        style.backgroundColor,
        style.borderTopWidth,
        style.borderTopLeftRadius,
        style.paddingTop,
      ].join(' ');
    });
  const scriptless = await browser.newContext({ javaScriptEnabled: false });
  try {
    const painted = await scriptless.newPage();
    await painted.goto(`${fixture.stack.webUrl}/login`);
    const { page, errors } = await openAndTakeOver('/login');
    try {
      await expect(painted.evaluate(look)).resolves.toEqual(await page.evaluate(look));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  } finally {
    await scriptless.close();
  }
});

test("/login sets its text in Arial, GOV.UK's typeface off GOV.UK, from its HTML and once the app runs", async () => {
  const parts = ['h1', 'label', 'input[name="email"]', 'button[type="submit"]', 'a'];
  const typefaces = (selectors: string[]) =>
    selectors.map((selector) => {
      const element = document.querySelector(`#root ${selector}`);
      return `${selector}: ${element ? getComputedStyle(element).fontFamily : 'missing'}`;
    });
  const arial = parts.map((selector) => `${selector}: Arial, sans-serif`);
  const scriptless = await browser.newContext({ javaScriptEnabled: false });
  try {
    const painted = await scriptless.newPage();
    await painted.goto(`${fixture.stack.webUrl}/login`);
    await expect(painted.evaluate(typefaces, parts)).resolves.toEqual(arial);
    const { page, errors } = await openAndTakeOver('/login');
    try {
      await expect(page.evaluate(typefaces, parts)).resolves.toEqual(arial);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  } finally {
    await scriptless.close();
  }
});

test('without JavaScript a page says, in English and in Welsh, that the service needs it', async () => {
  const scriptless = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await scriptless.newPage();
    await page.goto(`${fixture.stack.webUrl}/login`);
    const notice = (lang: string) => page.locator(`body > noscript > p[lang="${lang}"]`);
    await expect(notice('en-GB').innerText()).resolves.toBe(
      'This service needs JavaScript. Turn it on in your browser’s settings.',
    );
    await expect(notice('cy').innerText()).resolves.toBe(
      'Mae angen JavaScript ar y gwasanaeth hwn. Trowch JavaScript ymlaen yng ngosodiadau eich porwr.',
    );
    await expect(notice('cy').isVisible()).resolves.toBe(true);
  } finally {
    await scriptless.close();
  }
});

test('/my-permits shows its spinner at once, still for its first second and turning after it', async () => {
  const scriptless = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await scriptless.newPage();
    await page.goto(`${fixture.stack.webUrl}/my-permits`);
    const spinner = page
      .getByRole('status', { name: 'Checking your session' })
      .locator('span')
      .first();
    await expect(spinner.isVisible()).resolves.toBe(true);
    // The spinner's turn read at a moment of its own clock, the same in any machine's time.
    const turnAt = (milliseconds: number) =>
      spinner.evaluate((element, at) => {
        const [turn] = element.getAnimations();
        if (!turn) return 'no animation';
        turn.currentTime = at;
        return getComputedStyle(element).transform;
      }, milliseconds);
    await expect(turnAt(300)).resolves.toBe('none');
    await expect(turnAt(900)).resolves.toBe('none');
    // Half a turn: the spinner turns once every half second (Chakra's "slowest" duration).
    await expect(turnAt(1_250)).resolves.toBe('matrix(-1, 0, 0, -1, 0, 0)');
  } finally {
    await scriptless.close();
  }
});
