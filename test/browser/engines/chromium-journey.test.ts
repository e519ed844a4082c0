import { DateTime } from 'luxon';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/stack/chromium';
import { residentApi } from '../resident-journeys';
import { startChromiumDriver } from './chromium-driver';
import { describeEngineJourneys } from './engine-journeys';

// The core, visitor and Welsh journeys in Chromium; see engine-journeys.ts.
const journey = describeEngineJourneys(startChromiumDriver);

// Windows high contrast, as Chromium emulates it, on the same stack.
describe('with forced colours', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const { stack } = journey.fixture();
    const api = await residentApi(stack, journey.resident);
    const created = await api.call('POST', '/api/v1/permits/', {
      vrm: 'HC1',
      make: 'Ford',
      model: 'Ka',
      colour: '',
      driver_first: '',
      driver_last: '',
      start_ts: DateTime.now().setZone('Europe/London').toFormat("yyyy-MM-dd'T'HH:mm:ss"),
      end_ts: null,
    });
    expect(created.status).toBe(201);
    browser = await launchChromium();
    const context = await browser.newContext({ forcedColors: 'active', reducedMotion: 'reduce' });
    page = await context.newPage();
    await page.goto(`${stack.webUrl}/login`);
    await page.getByLabel('Email').fill(journey.resident.email);
    await page.getByLabel('Password').fill(journey.resident.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${stack.webUrl}/`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  }, 60_000);

  /** The computed colours and lines of an element, as the forced palette left them. */
  const paint = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return {
        width: rect.width,
        color: style.color,
        background: style.backgroundColor,
        borderWidth: parseFloat(style.borderTopWidth),
        borderColor: style.borderTopColor,
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        outlineColor: style.outlineColor,
      };
    });

  test('the usage bar, status badges, input borders and focus ring stay visible', async () => {
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);

    // The permit limit bar: a drawn track, and a filled part that stands out from it.
    const track = page
      .getByLabel('Permit limit used', { exact: true })
      .and(page.locator('[aria-valuetext]'));
    await track.waitFor();
    const trackPaint = await paint(track);
    const rangePaint = await paint(track.locator(':scope > *').first());

    // A status badge's words stand out from its background.
    await page.getByRole('navigation').getByRole('link', { name: 'My Permits' }).click();
    const badge = page
      .getByRole('table', { name: 'Permits' })
      .getByText(/^(Queued|Active)$/)
      .first();
    await badge.waitFor();
    const badgePaint = await paint(badge);

    // A field keeps its border, and the focus ring shows where the keyboard is.
    await page.getByRole('navigation').getByRole('link', { name: 'Add Permit' }).click();
    const field = page.getByLabel('Registration number');
    await field.waitFor();
    const restPaint = await paint(field);
    // From the field before it, by keyboard, so the browser shows its focus ring.
    await field.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    // The ring comes in with the field's transition: what counts is the ring once it has settled.
    await field.evaluate(
      (input) =>
        new Promise((settled) => {
          const running = input.getAnimations();
          void Promise.all(running.map((animation) => animation.finished)).then(settled);
        }),
    );
    const focusPaint = await paint(field);

    // One expectation, so a failure shows every part's paint at once.
    expect({
      barFilled: rangePaint.width > 0,
      barStandsOut: rangePaint.background !== trackPaint.background,
      trackDrawn: trackPaint.borderWidth >= 1 && trackPaint.borderColor !== trackPaint.background,
      badgeReadable: badgePaint.color !== badgePaint.background,
      badgeOutlined:
        badgePaint.borderWidth >= 1 && badgePaint.borderColor !== badgePaint.background,
      fieldBordered: restPaint.borderWidth >= 1 && restPaint.borderColor !== restPaint.background,
      focusVisible: await field.evaluate((input) => input.matches(':focus-visible')),
      focusRingDrawn:
        focusPaint.outlineStyle !== 'none' &&
        focusPaint.outlineWidth >= 1 &&
        focusPaint.outlineColor !== focusPaint.background,
      paints: { trackPaint, rangePaint, badgePaint, restPaint, focusPaint },
    }).toEqual({
      barFilled: true,
      barStandsOut: true,
      trackDrawn: true,
      badgeReadable: true,
      badgeOutlined: true,
      fieldBordered: true,
      focusVisible: true,
      focusRingDrawn: true,
      paints: expect.anything(),
    });
  }, 60_000);

  test('on a phone the Menu and Filters buttons, the permit cards and their focus rings stay visible', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const menu = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Menu' });
      await menu.click();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'My Permits' })
        .click();
      const filters = page.getByRole('button', { name: /^Filters/ });
      const card = page.getByRole('list', { name: 'Permits' }).getByRole('listitem').first();
      await card.waitFor();
      const menuPaint = await paint(menu);
      const filtersPaint = await paint(filters);
      const cardPaint = await paint(card.locator(':scope > *').first());
      // From the Menu button to the Filters button would pass the account menu and the page: the
      // ring is read on the Filters button, reached by Shift+Tab from the control after it.
      await filters.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      await filters.evaluate((button) =>
        Promise.all(button.getAnimations().map((animation) => animation.finished)),
      );
      const ringPaint = await paint(filters);
      const bordered = (one: Awaited<ReturnType<typeof paint>>) =>
        one.borderWidth >= 1 && one.borderColor !== one.background;
      expect({
        menuBordered: bordered(menuPaint),
        filtersBordered: bordered(filtersPaint),
        cardBordered: bordered(cardPaint),
        focusVisible: await filters.evaluate((button) => button.matches(':focus-visible')),
        focusRingDrawn:
          ringPaint.outlineStyle !== 'none' &&
          ringPaint.outlineWidth >= 1 &&
          ringPaint.outlineColor !== ringPaint.background,
        paints: { menuPaint, filtersPaint, cardPaint, ringPaint },
      }).toEqual({
        menuBordered: true,
        filtersBordered: true,
        cardBordered: true,
        focusVisible: true,
        focusRingDrawn: true,
        paints: expect.anything(),
      });
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  }, 60_000);
});
