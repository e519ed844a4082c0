import type axe from 'axe-core';
import type { DateTime } from 'luxon';
import type { AxeViolationSummary } from '../axe';
import type { PageTexts } from '../../support/page-texts';

/** The roles the journeys reach controls by. */
export type ControlRole = 'button' | 'link' | 'menuitem' | 'checkbox' | 'textbox';

/** An accessible name: the whole name, or how it starts (row buttons add the registration). */
export type NameMatch = string | { startsWith: string };

/**
 * What a test does in a browser, the same in every engine: each engine's driver
 * (chromium-driver.ts, firefox-driver.ts, webkit-driver.ts) does it with its own protocol, and
 * reaches controls by role and accessible name or by label, as a resident does.
 */
export interface EngineDriver {
  readonly engine: 'Chromium' | 'Firefox' | 'WebKit';
  goto(url: string): Promise<void>;
  /** Waits until the page's path is `path`. */
  waitForPath(path: string): Promise<void>;
  /** Sets the size of the page's viewport (the window's inner size) in CSS pixels. */
  setViewport(size: { width: number; height: number }): Promise<void>;
  /** Types `value` into the empty text field labelled `label`. */
  fill(label: NameMatch, value: string): Promise<void>;
  /** Clicks the one visible control of `role` named `name` (inside the open modal dialog, if any). */
  click(role: ControlRole, name: NameMatch): Promise<void>;
  /**
   * Moves the keyboard focus to the field labelled `label` (inside the fieldset whose legend is
   * `group`, if given) and selects what it holds, as a tab into it would.
   */
  focus(label: NameMatch, group?: string): Promise<void>;
  /** Types `text` from the keyboard into whatever has the focus. */
  type(text: string): Promise<void>;
  /** Presses one key that types no text. */
  press(key: 'Tab'): Promise<void>;
  /** Waits until `text` is shown (in the landmark or region labelled `within`, if given). */
  waitForText(text: string, options?: TextOptions): Promise<void>;
  /** Waits until `text` is no longer shown. */
  waitForTextGone(text: string, options?: TextOptions): Promise<void>;
  /** axe-core's violations on the page as it stands, as readable lines. */
  axeViolations(): Promise<string[]>;
  /** The page's language and every text it shows (`pageTextsInPage`). */
  pageTexts(): Promise<PageTexts>;
  /** Whether the page's service worker took charge (`serviceWorkerState`). */
  serviceWorker(): Promise<ServiceWorkerState>;
  /** Ends the browser and every process this driver started. */
  close(): Promise<void>;
}

export interface TextOptions {
  /** The accessible name (aria-label) of the region to look in. */
  within?: string;
  /** Only a line of text that is exactly `text` counts (a status badge, not a sentence). */
  wholeLine?: boolean;
}

/** What the in-page scripts below are given; plain data, as every protocol can carry it. */
export interface TargetQuery {
  role: ControlRole;
  name: NameMatch;
  /** The legend of the fieldset the control is in (a date input's boxes are all Day, Month…). */
  group?: string;
}

/** The attribute the in-page finder puts on the control it found, for the engine to act on. */
export const targetAttribute = 'data-e2e-target';
export const targetSelector = `[${targetAttribute}]`;

/**
 * Runs in the page (every engine serialises it): finds the one visible control of the query's role
 * and accessible name — inside the open modal dialog when there is one, since nothing else can be
 * reached then, and inside the fieldset whose legend is `group` when the query names one — and
 * marks it with `data-e2e-target`. A checkbox is marked through its label,
 * which is what a resident clicks. Answers 'found', 'missing' or how many matched.
 *
 * The accessible name is worked out as browsers do for these controls: aria-labelledby,
 * aria-label, the field's labels, then its text without aria-hidden parts; a required field's
 * trailing asterisk is left out.
 */
export function markTarget(query: TargetQuery): string {
  const normalise = (text: string | null | undefined) =>
    (text ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/\s*\*$/, '');
  const isVisible = (element: Element) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  // The text a name is made of leaves out what is hidden from assistive technology (an arrow).
  const shownText = (node: Node): string =>
    node instanceof Element && node.getAttribute('aria-hidden') === 'true'
      ? ''
      : node.nodeType === Node.TEXT_NODE
        ? (node.textContent ?? '')
        : Array.from(node.childNodes, shownText).join('');
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return normalise(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    }
    const ariaLabel = element.getAttribute('aria-label');
    if (ariaLabel) return normalise(ariaLabel);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) {
      return normalise(Array.from(labels, (label) => label.textContent).join(' '));
    }
    return normalise(shownText(element));
  };
  const matches = (name: string) =>
    typeof query.name === 'string' ? name === query.name : name.startsWith(query.name.startsWith);
  const selectors: Record<ControlRole, string> = {
    button: 'button, [role="button"]',
    link: 'a[href], [role="link"]',
    menuitem: '[role="menuitem"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    textbox:
      'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea, [role="textbox"]',
  };
  const modals = Array.from(
    document.querySelectorAll(
      '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]',
    ),
  ).filter(isVisible);
  const modal = modals.at(-1);
  // A modal dialog takes the focus a frame after it shows, when its focus trap starts and moves the
  // focus to its first field (@zag-js/focus-trap): a field focused before that loses the focus,
  // and the keys typed next land in another field. A resident's first tap comes later.
  if (modal && !modal.contains(document.activeElement)) return 'the dialog has not taken the focus';
  let scope: ParentNode = modal ?? document;
  if (query.group !== undefined) {
    const groups = Array.from(scope.querySelectorAll('fieldset')).filter(
      (fieldset) =>
        isVisible(fieldset) &&
        normalise(fieldset.querySelector(':scope > legend')?.textContent) === query.group,
    );
    const [group] = groups;
    if (!group || groups.length > 1) return `${groups.length} fieldsets`;
    scope = group;
  }
  const found = Array.from(scope.querySelectorAll(selectors[query.role])).filter((element) => {
    // A visually hidden checkbox is shown by its label.
    const shown = query.role === 'checkbox' ? (element.closest('label') ?? element) : element;
    // An inert control takes no input: the page the build rendered in advance is inert until the
    // app has started and replaced it (src/shell/prerender.tsx).
    return isVisible(shown) && !element.closest('[inert]') && matches(nameOf(element));
  });
  document
    .querySelectorAll('[data-e2e-target]')
    .forEach((element) => element.removeAttribute('data-e2e-target'));
  const [target] = found;
  if (!target || found.length > 1) return `${found.length} match`;
  const clickable = query.role === 'checkbox' ? (target.closest('label') ?? target) : target;
  if ((target as HTMLButtonElement).disabled) return 'disabled';
  clickable.setAttribute('data-e2e-target', '');
  return 'found';
}

/** Runs in the page: whether `text` is shown, as `TextOptions` says where and how. */
export function isTextShown(args: { text: string } & TextOptions): boolean {
  const scope = args.within
    ? document.querySelector(`[aria-label="${args.within}"]`)
    : document.body;
  if (!(scope instanceof HTMLElement)) return false;
  const shown = scope.innerText;
  return args.wholeLine
    ? // A table row's cells share its line, a tab apart.
      shown.split(/[\n\t]/).some((line) => line.trim() === args.text)
    : shown.replace(/\s+/g, ' ').includes(args.text);
}

/**
 * Runs in the page, once axe-core's source is in it: its violations as plain data. Colours read
 * mid-transition (a dialog fading in, where an engine does not honour reduced motion, as
 * WebKitGTK's MiniBrowser does not) are not what stays on screen: running transitions and
 * animations finish first, a spinner's endless one aside (as test/browser/axe.ts does for Chromium).
 */
export async function axeSummariesInPage(options: axe.RunOptions): Promise<AxeViolationSummary[]> {
  await Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => null)),
  );
  const inPage = (window as unknown as { axe: typeof axe }).axe;
  const results = await inPage.run(document, options);
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      html: node.html,
      failureSummary: node.failureSummary,
    })),
  }));
}

/** Asks `attempt` again until it answers true, or fails with `describe()` after `timeoutMs`. */
export async function waitUntil(
  attempt: () => Promise<boolean>,
  describe: () => Promise<string> | string,
  timeoutMs = Number(process.env.E2E_WAIT_MS ?? 20_000),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > deadline) throw new Error(await describe());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs one of the in-page functions above in an engine's page and answers its result. */
export type InPage = <Arg, Result>(
  script: (arg: Arg) => Result | Promise<Result>,
  arg: Arg,
) => Promise<Result>;

/** Waits until the in-page finder has marked the one control of `role` named `name`. */
export async function markOne(
  inPage: InPage,
  role: ControlRole,
  name: NameMatch,
  group?: string,
): Promise<void> {
  let answer = '';
  const query: TargetQuery = group === undefined ? { role, name } : { role, name, group };
  await waitUntil(
    async () => (answer = await inPage(markTarget, query)) === 'found',
    () => `No one ${role} named ${JSON.stringify(name)}${group ? ` in "${group}"` : ''}: ${answer}`,
  );
}

/** 'active': a service worker runs the page's offline copy; 'unsupported': no service workers. */
export type ServiceWorkerState = 'active' | 'unsupported' | 'none';

/**
 * Runs in the page: whether the production build's service worker (registered once the page has
 * settled, src/shell/after-page-settles.ts) is active within 10 s, or the engine has no service
 * workers at all.
 */
export async function serviceWorkerState(): Promise<ServiceWorkerState> {
  if (!('serviceWorker' in navigator)) return 'unsupported';
  const none = new Promise<ServiceWorkerState>((resolve) => {
    setTimeout(() => resolve('none'), 10_000);
  });
  const ready = navigator.serviceWorker.ready.then((registration): ServiceWorkerState =>
    registration.active ? 'active' : 'none',
  );
  return Promise.race([ready, none]);
}

/** Runs in the page: selects the text of the focused field, as tabbing into it does. */
export function selectFocusedText(): boolean {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLInputElement)) return false;
  focused.select();
  return true;
}

/** Waits until `text` is shown (`shown`) or gone, as `TextOptions` says. */
export function waitForTextIn(
  inPage: InPage,
  text: string,
  options: TextOptions,
  shown: boolean,
): Promise<void> {
  return waitUntil(
    async () => (await inPage(isTextShown, { text, ...options })) === shown,
    () => `"${text}" is ${shown ? 'not ' : 'still '}shown`,
  );
}

/**
 * Types London dates and times into permit date inputs from the keyboard, as a resident would,
 * and waits for each input's hint to read the date back in words (src/ui/date-time-input.tsx).
 * A date input is a fieldset of five boxes in UK order, whatever the browser's language: Day,
 * Month, Year, Hour and Minute, each entered after a Tab and replacing what the box held. The one
 * place that knows how a permit date is entered.
 */
export async function typePermitDates(
  driver: EngineDriver,
  dates: ReadonlyArray<{ label: string; value: DateTime }>,
): Promise<void> {
  for (const { label, value } of dates) {
    const london = value.setZone('Europe/London');
    await driver.focus('Day', label);
    for (const [index, format] of ['dd', 'MM', 'yyyy', 'HH', 'mm'].entries()) {
      if (index > 0) await driver.press('Tab');
      await driver.type(london.toFormat(format));
    }
    await driver.waitForText(`${london.toFormat('cccc d MMMM yyyy, HH:mm')} UK time`);
  }
}
