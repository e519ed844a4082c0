import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { permitListTexts } from '../../machines/permits/my-permits/permit-list-filters';
import { pageContentSecurityPolicy } from '../../scripts/stack/content-security-policy';
import { launchChromium } from '../../scripts/stack/chromium';
import { signedInMarkKey } from '../../src/identity/signed-in-mark';
import { inWelsh } from '../support/in-welsh';
import {
  londonIn,
  registerThroughApi,
  registerThroughForm,
  residentApi,
  signedOutOnDevice,
  type E2eResident,
} from './resident-journeys';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const inviteCode = `E2E-OFFLINE-${Date.now()}`;
const firstResident: E2eResident = {
  email: `grace.${Date.now()}@example.com`,
  first: 'Grace',
  last: 'Hopper',
  password: 'Compiler52',
};
const secondResident: E2eResident = {
  email: `alan.${Date.now()}@example.com`,
  first: 'Alan',
  last: 'Turing',
  password: 'Enigma1939',
};

beforeAll(async () => {
  fixture = sharedStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--uses', 'unlimited');
  browser = await launchChromium();
  context = await browser.newContext();
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

const url = (route: string) => `${fixture.stack.webUrl}${route}`;

test('the production app links a manifest whose icons are served', async () => {
  await page.goto(url('/login'));
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(url(href!))).json()) as {
    display: string;
    icons: Array<{ src: string; type: string }>;
  };
  expect(manifest.display).toBe('standalone');
  for (const icon of manifest.icons) {
    const response = await page.request.get(url(icon.src));
    expect([icon.src, response.status(), response.headers()['content-type']]).toEqual([
      icon.src,
      200,
      'image/png',
    ]);
  }
});

test('signed out, /login loads neither the identity provider nor the API client; a device where someone signed in asks the provider', async () => {
  const resident: E2eResident = {
    email: `ada.${Date.now()}@example.com`,
    first: 'Ada',
    last: 'Lovelace',
    password: 'Analytical1843',
  };
  const ownContext = await browser.newContext({ serviceWorkers: 'block' });
  const ownPage = await ownContext.newPage();
  const scripts: string[] = [];
  ownPage.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const loadedLibraries = () =>
    scripts
      .filter((script) => /vendor-(firebase|axios)\./.test(script))
      .map((script) => script.split('.')[0]);
  const signedInMark = () => ownPage.evaluate((key) => localStorage.getItem(key), signedInMarkKey);
  try {
    await ownPage.goto(url('/login'), { waitUntil: 'networkidle' });
    await ownPage.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(loadedLibraries()).toEqual([]);

    await registerThroughForm(ownPage, fixture.stack.webUrl, inviteCode, resident);
    await ownPage.waitForURL(url('/'));
    expect(new Set(loadedLibraries())).toEqual(
      new Set(['/assets/vendor-firebase', '/assets/vendor-axios']),
    );
    expect(await signedInMark()).toBe('1');
    // Signed in, /login is left for the dashboard: the mark had the provider asked.
    await ownPage.goto(url('/login'));
    await ownPage.waitForURL(url('/'));

    // A session from before the mark existed: a protected page still asks the provider.
    await ownPage.evaluate((key) => localStorage.removeItem(key), signedInMarkKey);
    await ownPage.goto(url('/my-permits'));
    // The page's frame shows the heading from its HTML: the account menu says who is signed in.
    await ownPage.getByRole('button', { name: /^Account menu/ }).waitFor();
    expect(await signedInMark()).toBe('1');

    await ownPage.getByRole('button', { name: /^Account menu/ }).click();
    await ownPage.getByRole('menuitem', { name: 'Log out' }).click();
    await ownPage.waitForURL(url('/login'));
    await signedOutOnDevice(ownPage);
    scripts.length = 0;
    await ownPage.reload({ waitUntil: 'networkidle' });
    await ownPage.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(loadedLibraries()).toEqual([]);
  } finally {
    await ownContext.close();
  }
});

test('under its Content-Security-Policy the app starts from the painted page, registers and reaches the dashboard through the API host and the Auth emulator, with nothing refused', async () => {
  const resident: E2eResident = {
    email: `katherine.${Date.now()}@example.com`,
    first: 'Katherine',
    last: 'Johnson',
    password: 'Orbital1962',
  };
  const ownContext = await browser.newContext({ serviceWorkers: 'block' });
  const ownPage = await ownContext.newPage();
  const refused: string[] = [];
  ownPage.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  try {
    const answer = await ownPage.goto(url('/login'));
    expect(answer?.headers()).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    });
    await expect(
      ownPage.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content'),
    ).resolves.toBe(pageContentSecurityPolicy);

    await registerThroughForm(ownPage, fixture.stack.webUrl, inviteCode, resident);
    await ownPage.waitForURL(url('/'));
    await ownPage.getByRole('button', { name: /^Account menu/ }).waitFor();
    await ownPage.getByText(resident.email).first().waitFor();
    expect(refused).toEqual([]);
  } finally {
    await ownContext.close();
  }
});

/**
 * Opens `route` in a browser that runs no script, where the page shows what its HTML alone holds,
 * and hands it to `check`.
 */
async function withHtmlOnly(route: string, check: (htmlOnly: Page) => Promise<void>) {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    const htmlOnly = await withoutScripts.newPage();
    await htmlOnly.goto(url(route));
    // The whole rendered page, its English copy and its Welsh one, is inert: nothing in it takes
    // focus or text that would then be lost. A resident who chose no language sees the English.
    await expect(htmlOnly.locator('#root > [inert]').count()).resolves.toBe(2);
    await expect(htmlOnly.locator('#root > :not([inert])').count()).resolves.toBe(0);
    await expect(htmlOnly.locator('#root > [lang="en-GB"]').isVisible()).resolves.toBe(true);
    await expect(htmlOnly.locator('#root > [lang="cy"]').isVisible()).resolves.toBe(false);
    await check(htmlOnly);
  } finally {
    await withoutScripts.close();
  }
}

test('before the service worker holds the app, a signal lost on /login still leaves "Sign in" checking the form, or saying that signing in failed', async () => {
  const resident: E2eResident = {
    email: `dorothy.${Date.now()}@example.com`,
    first: 'Dorothy',
    last: 'Vaughan',
    password: 'Fortran1949',
  };
  await registerThroughApi(fixture.stack, inviteCode, resident);
  // Each part in a browser of its own: nothing of the other's in its cache.
  const loginOffline = async (then: (page: Page, context: BrowserContext) => Promise<void>) => {
    const ownContext = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const ownPage = await ownContext.newPage();
      await ownPage.goto(url('/login'), { waitUntil: 'networkidle' });
      await then(ownPage, ownContext);
    } finally {
      await ownContext.close();
    }
  };

  // Lost after the resident paused in the form: its rules came in that pause.
  await loginOffline(async (ownPage, ownContext) => {
    const rulesAsked = ownPage.waitForRequest((request) => request.resourceType() === 'script');
    await ownPage.getByLabel('Email').focus();
    await rulesAsked;
    await ownPage.waitForLoadState('networkidle');
    await ownContext.setOffline(true);
    await ownPage.getByRole('button', { name: 'Sign in' }).click();
    await ownPage.getByRole('alert').getByText('Email is required').waitFor({ timeout: 10_000 });
  });

  // Lost before: the rules cannot come, so signing in is tried, and said to have failed.
  await loginOffline(async (ownPage, ownContext) => {
    await ownContext.setOffline(true);
    await ownPage.getByLabel('Email').fill(resident.email);
    await ownPage.getByLabel('Password').fill(resident.password);
    await ownPage.getByRole('button', { name: 'Sign in' }).click();
    await ownPage
      .getByText('Login failed. Please check your credentials and try again.')
      .first()
      .waitFor({ timeout: 10_000 });

    await ownContext.setOffline(false);
    await ownPage.getByRole('button', { name: 'Sign in' }).click();
    await ownPage.waitForURL(url('/'));
  });
});

test('/login paints the sign-in form from its HTML; it cannot be typed into until the app has replaced it with the live one', async () => {
  await withHtmlOnly('/login', async (htmlOnly) => {
    await expect(htmlOnly.title()).resolves.toBe('Sign in – Kerbside');
    await expect(
      htmlOnly.getByRole('heading', { level: 1 }).textContent({ timeout: 5_000 }),
    ).resolves.toBe('Sign in to Kerbside');
    // Inert, the field is hidden from assistive technology: it is found by its name.
    const email = htmlOnly.locator('#root > [lang="en-GB"] input[name="email"]');
    await email.click({ force: true });
    await htmlOnly.keyboard.type('lost@example.com');
    await expect(email.inputValue()).resolves.toBe('');
  });

  const ownContext = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const live = await ownContext.newPage();
    await live.goto(url('/login'));
    await live.getByLabel('Email').fill('someone@example.com');
    await live.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(live.locator('#root [inert]').count()).resolves.toBe(0);
    await expect(live.getByLabel('Email').inputValue()).resolves.toBe('someone@example.com');
  } finally {
    await ownContext.close();
  }
});

test('no English flash: for a resident who chose Welsh, /login from its HTML, before the app runs, is Welsh (lang, title, what shows)', async () => {
  const own = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const tab = await own.newPage();
    await tab.goto(url('/login'));
    await tab.getByRole('link', { name: 'Cymraeg' }).click();
    await tab.waitForFunction(() => document.documentElement.lang === 'cy');
    // The app's code is held back: what shows meanwhile comes from the HTML and
    // public/language.js alone.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await tab.route('**/assets/app-start.*.js', async (route) => {
      await appHeld;
      await route.continue();
    });
    await tab.reload({ waitUntil: 'domcontentloaded' });
    const signIn = inWelsh('Sign in to {appName}', { appName: 'Kerbside' });
    await expect(tab.evaluate(() => document.documentElement.lang)).resolves.toBe('cy');
    await tab.waitForFunction(
      (title) => document.title === title,
      inWelsh('{page} – {appName}', { page: inWelsh('Sign in'), appName: 'Kerbside' }),
    );
    await expect(tab.locator('#root > [lang="cy"]').isVisible()).resolves.toBe(true);
    await expect(tab.locator('#root > [lang="en-GB"]').isVisible()).resolves.toBe(false);
    await expect(tab.locator('#root > [lang="cy"] h1').textContent()).resolves.toBe(signIn);
    await expect(tab.locator('#root [inert]').count()).resolves.toBe(2);

    releaseApp();
    await tab.waitForFunction(() => document.querySelectorAll('#root [inert]').length === 0);
    await expect(tab.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(signIn);
  } finally {
    await own.close();
  }
});

/** Where the page's h1 is drawn, in CSS pixels. */
const headingBox = async (onPage: Page) => {
  const box = await onPage.getByRole('heading', { level: 1 }).boundingBox();
  if (!box) throw new Error('The page has no visible h1.');
  return box;
};

/**
 * A new resident signed in on a phone-sized page (390×844, no service worker), with one scheduled
 * permit for `vrm`, and every layout shift the page's next documents see kept in `window.shifts`.
 */
async function signedInPhoneWithPermit(resident: E2eResident, vrm: string) {
  const phone = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  });
  const signedIn = await phone.newPage();
  await registerThroughForm(signedIn, fixture.stack.webUrl, inviteCode, resident);
  await signedIn.waitForURL(url('/'));
  await createScheduledPermit(resident, vrm, 2);
  await signedIn.addInitScript(() => {
    const shifts: unknown[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => shifts.push(...list.getEntries())).observe({
      type: 'layout-shift',
      buffered: true,
    });
  });
  const shiftsSoFar = () =>
    signedIn.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
  return { phone, signedIn, shiftsSoFar };
}

test('a signed-in page paints its frame and heading from its HTML before the app runs, and the screen takes their place without moving them', async () => {
  await withHtmlOnly('/my-permits', async (htmlOnly) => {
    await expect(htmlOnly.title()).resolves.toBe('My permits – Kerbside');
    await expect(htmlOnly.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'My Permits',
    );
    await expect(htmlOnly.getByText('Checking your session').count()).resolves.toBe(1);
    // The navigation and the account menu are for a resident known to be signed in.
    await expect(htmlOnly.locator('nav').count()).resolves.toBe(0);
    await expect(htmlOnly.getByRole('button').count()).resolves.toBe(0);
  });

  const resident: E2eResident = {
    email: `frame.${Date.now()}@example.com`,
    first: 'Mary',
    last: 'Somerville',
    password: 'Mechanism1831',
  };
  const { phone, signedIn, shiftsSoFar } = await signedInPhoneWithPermit(resident, 'FRM1AAA');
  try {
    await signedIn.addInitScript(() => {
      const largest: number[] = [];
      Object.assign(window, { largest });
      new PerformanceObserver((list) =>
        largest.push(...list.getEntries().map((entry) => entry.startTime)),
      ).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // The app's code is held back: what shows meanwhile comes from the HTML alone.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await signedIn.route('**/assets/app-start.*.js', async (route) => {
      await appHeld;
      await route.continue();
    });
    await signedIn.goto(url('/my-permits'));
    await signedIn.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor();
    const largestSoFar = () =>
      signedIn.evaluate(() => (window as unknown as { largest: number[] }).largest);
    await signedIn.waitForFunction(
      () => (window as unknown as { largest: number[] }).largest.length > 0,
    );
    const framed = await headingBox(signedIn);
    const largestBeforeApp = await largestSoFar();
    // The page rendered in advance, in English and in Welsh, both inert.
    await expect(signedIn.locator('#root > [inert]').count()).resolves.toBe(2);

    releaseApp();
    await signedIn.getByText('FRM1AAA', { exact: true }).waitFor();
    await signedIn.getByRole('button', { name: /^Account menu/ }).waitFor();
    await expect(signedIn.locator('#root [inert]').count()).resolves.toBe(0);
    expect(await headingBox(signedIn)).toEqual(framed);
    // Nothing on the page moved, and nothing larger than the heading drawn by the HTML came later.
    expect(await shiftsSoFar()).toEqual([]);
    expect(await largestSoFar()).toEqual(largestBeforeApp);
  } finally {
    await phone.close();
  }
});

test('a screen that arrives after the signed-in shell moves nothing: the footer joins after it', async () => {
  const resident: E2eResident = {
    email: `late.${Date.now()}@example.com`,
    first: 'Ada',
    last: 'Lovelace',
    password: 'Engine1843',
  };
  const { phone, signedIn, shiftsSoFar } = await signedInPhoneWithPermit(resident, 'LATE1AA');
  try {
    // My Permits' screen arrives only once the shell around it is drawn, as on a slow phone.
    let releaseScreen = () => {};
    const screenHeld = new Promise<void>((resolve) => (releaseScreen = resolve));
    await signedIn.route('**/assets/screen-my-permits.*.js', async (route) => {
      await screenHeld;
      await route.continue();
    });
    await signedIn.goto(url('/my-permits'));
    await signedIn.getByRole('button', { name: /^Account menu/ }).waitFor();
    await signedIn.getByText('Loading page').waitFor();
    await expect(signedIn.getByRole('contentinfo').count()).resolves.toBe(0);

    releaseScreen();
    await signedIn.getByText('LATE1AA', { exact: true }).waitFor();
    await signedIn.getByRole('contentinfo').waitFor();
    expect(await shiftsSoFar()).toEqual([]);
  } finally {
    await phone.close();
  }
});

/**
 * Where every element of the page's English copy is laid out, in document order, when `html` is
 * served in place of `route` to a browser that runs no script: what a phone shows while that much
 * of the page has arrived. Layout positions, as the Layout Instability API compares them: a
 * spinner's turning moves no box.
 */
async function laidOutFrom(onPage: Page, route: string, html: string) {
  await onPage.route(url(route), (request) =>
    request.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }),
  );
  try {
    await onPage.goto(url(route));
    return await onPage.locator('#root > [lang="en-GB"] :not(style)').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        let [x, y] = [0, 0];
        for (
          let from = element instanceof HTMLElement ? element : null;
          from;
          from = from.offsetParent instanceof HTMLElement ? from.offsetParent : null
        ) {
          x += from.offsetLeft;
          y += from.offsetTop;
        }
        return { tag: element.tagName, x, y, drawn: box.width * box.height > 0 };
      }),
    );
  } finally {
    await onPage.unroute(url(route));
  }
}

test.each(['/login', '/my-permits'])(
  '%s drawn while its HTML is still arriving never moves what it has drawn (a phone may paint after any element)',
  async (route) => {
    const phone = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const onPhone = await phone.newPage();
      const html = await (await onPhone.request.get(url(route))).text();
      const whole = await laidOutFrom(onPhone, route, html);
      // After each element of the English copy has arrived whole, up to the Welsh copy.
      const englishStart = html.indexOf('<div inert lang=en-GB>');
      const welshStart = html.indexOf('<div inert lang=cy', englishStart);
      const cuts = [
        ...html
          .slice(englishStart, welshStart)
          .matchAll(/<\/[a-z0-9]+>|<(?:input|img|br|hr)\b[^>]*>/g),
      ].map((tag) => englishStart + tag.index + tag[0].length);
      // Every element of the copy, its styles being in the page's <head> (/my-permits has 17).
      expect(cuts.length).toBeGreaterThan(12);
      const moved = new Map<number, string>();
      for (const cut of cuts) {
        const part = await laidOutFrom(onPhone, route, html.slice(0, cut));
        part.forEach((early, index) => {
          const late = whole[index]!;
          if (early.drawn && (early.x !== late.x || early.y !== late.y) && !moved.has(index))
            moved.set(
              index,
              `${early.tag} #${index} from (${early.x}, ${early.y}) to (${late.x}, ${late.y}) after ${html.slice(cut - 60, cut)}`,
            );
        });
      }
      expect([...moved.values()]).toEqual([]);
    } finally {
      await phone.close();
    }
  },
);

test('the service worker takes control, and offline a reload of /login still shows the sign-in form', async () => {
  await page.goto(url('/login'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });

  await context.setOffline(true);
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
    await page.goto(url('/register'));
    await page.getByLabel('Invite code').waitFor({ timeout: 15_000 });
  } finally {
    await context.setOffline(false);
  }
});

test("with the service worker in control, the language link's own address (/login?lang=cy) is answered with /login's page, in Welsh", async () => {
  const tab = await context.newPage();
  try {
    // What the HTML held once parsed, before any deferred script (the app) has run.
    await tab.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { parsedPage: object }).parsedPage = {
          lang: document.documentElement.lang,
          paintedCopies: [...document.querySelectorAll('#root > [inert]')].map((copy) =>
            copy.getAttribute('lang'),
          ),
          welshHeading: document.querySelector('#root > [lang="cy"] h1')?.textContent,
        };
      });
    });
    await tab.goto(url('/login'));
    await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    const answer = await tab.goto(url('/login?lang=cy'));
    expect(answer?.fromServiceWorker()).toBe(true);
    await expect(
      tab.evaluate(() => (window as unknown as { parsedPage: object }).parsedPage),
    ).resolves.toEqual({
      lang: 'cy',
      paintedCopies: ['en-GB', 'cy'],
      welshHeading: inWelsh('Sign in to {appName}', { appName: 'Kerbside' }),
    });
  } finally {
    await tab.evaluate(() => localStorage.clear()).catch(() => {});
    await tab.close();
  }
});

/** Creates a permit scheduled `days` ahead for `resident`, straight through the API host. */
async function createScheduledPermit(resident: E2eResident, vrm: string, days: number) {
  const api = await residentApi(fixture.stack, resident);
  const created = await api.call('POST', '/api/v1/permits/', {
    vrm,
    make: 'Ford',
    model: 'Focus',
    colour: 'Grey',
    driver_first: '',
    driver_last: '',
    start_ts: londonIn({ days }),
    end_ts: null,
  });
  expect(created.status).toBe(201);
}

const permitsTable = () => page.getByRole('table', { name: 'Permits' });
const permitCell = (vrm: string) => permitsTable().getByRole('cell', { name: vrm, exact: true });
const offlineBanner = () => page.getByText(/^You’re offline — showing your permits as of /);
/** The London HH:mm of now: the banner names the time of the last successful load. */
const londonClock = () => DateTime.now().setZone('Europe/London').toFormat('HH:mm');
/** What this origin keeps in localStorage for My Permits. */
const savedPermitKeys = () =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('my-permits')));

/** Logs out, and waits until the device is signed out of the identity provider. */
async function logOut() {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(url('/login'));
  await signedOutOnDevice(page);
}

test('offline, My Permits stays as last loaded with the time, nothing can change it, and it recovers', async () => {
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, firstResident);
  await page.waitForURL(url('/'));
  await createScheduledPermit(firstResident, 'OFF1AAA', 3);
  await page.goto(url('/my-permits'));
  const before = londonClock();
  await permitCell('OFF1AAA').waitFor();
  const after = londonClock();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });

  await context.setOffline(true);
  try {
    const banner = await offlineBanner().textContent();
    expect([
      `You’re offline — showing your permits as of ${before}`,
      `You’re offline — showing your permits as of ${after}`,
    ]).toContain(banner);
    await page
      .getByText('Adding, updating, cancelling and setting permits live need a connection.')
      .waitFor();
    const rowButtons = permitsTable().getByRole('button');
    expect(await rowButtons.allTextContents()).toEqual([
      'Update permit OFF1AAA',
      'Set Live Now permit OFF1AAA',
      'Cancel permit OFF1AAA',
      'Add to calendar permit OFF1AAA',
      'Add again permit OFF1AAA',
    ]);
    // Everything that changes or creates a permit waits for the connection; the calendar does not.
    for (const button of await rowButtons.all()) {
      const calendar = (await button.textContent())?.startsWith('Add to calendar') ?? false;
      expect(await button.isDisabled()).toBe(!calendar);
    }
    expect(await page.getByRole('button', { name: 'Add Permit' }).isDisabled()).toBe(true);

    // Still offline, a reload shows the same list from the device, for this resident.
    await page.reload();
    await permitCell('OFF1AAA').waitFor({ timeout: 15_000 });
    expect(await offlineBanner().textContent()).toBe(banner);

    // Meanwhile the resident adds a permit elsewhere (another device): the API host has it.
    await createScheduledPermit(firstResident, 'OFF2BBB', 4);
  } finally {
    await context.setOffline(false);
  }

  // Back online: the banner goes and the list is fetched again, without a reload.
  await permitCell('OFF2BBB').waitFor({ timeout: 15_000 });
  await offlineBanner().waitFor({ state: 'detached' });
  expect(
    await page.getByRole('main').getByRole('link', { name: 'Add Permit' }).getAttribute('href'),
  ).toBe('/add-permit');
  expect(await savedPermitKeys()).toHaveLength(1);
});

test("sign-out clears the saved list: the next resident on this browser never sees the first one's permits", async () => {
  await logOut();
  expect(await savedPermitKeys()).toEqual([]);

  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, secondResident);
  await page.waitForURL(url('/'));
  await page.goto(url('/my-permits'));
  await page.getByText(permitListTexts.emptyList).or(permitsTable()).first().waitFor();

  await context.setOffline(true);
  try {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor({ timeout: 15_000 });
    await offlineBanner().waitFor({ timeout: 15_000 });
    expect(await page.getByText('OFF1AAA').count()).toBe(0);
    expect(await page.getByText('OFF2BBB').count()).toBe(0);
  } finally {
    await context.setOffline(false);
  }
});
