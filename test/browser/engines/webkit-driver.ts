import axe from 'axe-core';
import { pageTextsInPage } from '../../support/page-texts';
import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, By, Key, error as webDriverError, type WebDriver } from 'selenium-webdriver';
import { findFreePort } from '../../../scripts/stack/free-port';
import { axeRunOptions, describeAxeViolation, type AxeViolationSummary } from '../axe';
import {
  axeSummariesInPage,
  markOne,
  selectFocusedText,
  serviceWorkerState,
  waitForTextIn,
  targetSelector,
  waitUntil,
  type ControlRole,
  type EngineDriver,
  type NameMatch,
  type InPage,
} from './engine-driver';

/** WebKitGTK's own browser, which WebKitWebDriver starts for each session. */
const miniBrowser =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Ends a process this driver started, harder if it does not go. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

interface ViewportSize {
  width: number;
  height: number;
}

/**
 * Xvfb with a screen of `size`, on a display it picks itself (-displayfd answers which), so tests
 * never collide.
 */
async function startXvfb(size: ViewportSize): Promise<{ display: string; process: ChildProcess }> {
  const screen = `${size.width}x${size.height}x24`;
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', screen, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let answer = '';
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\n')) resolve(`:${answer.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it started`)));
  });
  return { display, process: xvfb };
}

/** WebKitWebDriver on 127.0.0.1:`port`, answering once its status says it is ready. */
async function startWebKitWebDriver(port: number, display: string): Promise<ChildProcess> {
  const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=local'], {
    stdio: 'ignore',
    // A UK resident's browser: MiniBrowser inherits the driver's environment. Without a GPU,
    // WebKitGTK's accelerated compositing draws each frame through OpenGL in software (Mesa on
    // Xvfb); drawn without it, the pages behave the same and WebKit's web process spent 46–49 s
    // of CPU on this suite's journeys instead of 69–71 s (two runs each, 27 November).
    env: {
      ...process.env,
      DISPLAY: display,
      LANG: 'en_GB.UTF-8',
      TZ: 'Europe/London',
      WEBKIT_DISABLE_COMPOSITING_MODE: '1',
    },
  });
  await waitUntil(
    async () => {
      try {
        const status = await fetch(`http://127.0.0.1:${port}/status`);
        return status.ok;
      } catch {
        return false;
      }
    },
    () => `WebKitWebDriver did not answer on port ${port}`,
  );
  return driver;
}

/** One MiniBrowser, full screen on an Xvfb screen of the viewport's size, and its WebKitWebDriver. */
interface WebKitSession {
  session: WebDriver;
  stop(): Promise<void>;
}

async function startWebKitSession(size: ViewportSize): Promise<WebKitSession> {
  const xvfb = await startXvfb(size);
  const port = await findFreePort();
  const webDriver = await startWebKitWebDriver(port, xvfb.display).catch(async (error) => {
    await stopProcess(xvfb.process);
    throw error;
  });
  const stopProcesses = async () => {
    await stopProcess(webDriver);
    await stopProcess(xvfb.process);
  };
  try {
    const session = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: miniBrowser,
          args: ['--automation', '--full-screen'],
        },
      })
      .build();
    return {
      session,
      stop: async () => {
        await session.quit().catch(() => undefined);
        await stopProcesses();
      },
    };
  } catch (error) {
    await stopProcesses();
    throw error;
  }
}

/** A session whose page is `size` inside, as a test asked for it. */
async function startWebKitSessionSized(size: ViewportSize): Promise<WebKitSession> {
  const started = await startWebKitSession(size);
  try {
    await started.session
      .manage()
      .window()
      .setRect({ x: 0, y: 0, ...size });
    const inner = await started.session.executeScript<ViewportSize>(() => ({
      width: window.innerWidth,
      height: window.innerHeight,
    }));
    if (inner.width !== size.width || inner.height !== size.height) {
      throw new Error(
        `WebKit's viewport is ${inner.width}×${inner.height}, not ${size.width}×${size.height}`,
      );
    }
    return started;
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/**
 * WebKit, the engine of Safari, as WebKitGTK's MiniBrowser (Debian's webkit2gtk-driver) driven by
 * selenium-webdriver through WebKitWebDriver, on an Xvfb display of its own. MiniBrowser's window
 * cannot be narrower than its toolbar (447 px), so a viewport is a full-screen MiniBrowser on a
 * screen of that size: `setViewport` to another size starts a new browser (with nothing stored),
 * before the test's first `goto`; to the size it has, it changes nothing. The driver stops
 * MiniBrowser, WebKitWebDriver and Xvfb when it closes.
 */
export async function startWebKitDriver(): Promise<EngineDriver> {
  let size: ViewportSize = { width: 1280, height: 800 };
  let current = await startWebKitSessionSized(size);
  const session = () => current.session;

  const inPage: InPage = (script, arg) => session().executeScript(script, arg);
  const target = async (role: ControlRole, name: NameMatch, group?: string) => {
    await markOne(inPage, role, name, group);
    return session().findElement(By.css(targetSelector));
  };

  return {
    engine: 'WebKit',
    goto: (url) => session().get(url),
    waitForPath: (path) =>
      waitUntil(
        async () => new URL(await session().getCurrentUrl()).pathname === path,
        async () => `Still at ${await session().getCurrentUrl()}, not ${path}`,
      ),
    setViewport: async (wanted) => {
      if (wanted.width === size.width && wanted.height === size.height) return;
      await current.stop();
      current = await startWebKitSessionSized(wanted);
      size = wanted;
    },
    fill: async (label, value) => (await target('textbox', label)).sendKeys(value),
    // A menu still opening (placed and faded in once open) can refuse a click as not
    // interactable, as a CI run on a loaded machine saw with the account menu's Log out: WebDriver
    // refuses at once where a person, or Playwright, waits for the item to be there to click.
    click: (role, name) =>
      waitUntil(
        async () => {
          try {
            await (await target(role, name)).click();
            return true;
          } catch (error) {
            if (error instanceof webDriverError.ElementNotInteractableError) return false;
            throw error;
          }
        },
        () => `The ${role} ${JSON.stringify(name)} could not be clicked (not interactable)`,
      ),
    focus: async (label, group) => {
      await target('textbox', label, group);
      await session().executeScript((selector: string) => {
        (document.querySelector(selector) as HTMLElement).focus();
      }, targetSelector);
      await inPage(selectFocusedText, undefined);
    },
    type: async (text) => (await session().switchTo().activeElement()).sendKeys(text),
    press: async (key) =>
      (await session().switchTo().activeElement()).sendKeys(Key[key.toUpperCase() as 'TAB']),
    waitForText: (text, options = {}) => waitForTextIn(inPage, text, options, true),
    waitForTextGone: (text, options = {}) => waitForTextIn(inPage, text, options, false),
    axeViolations: async () => {
      if (!(await session().executeScript<boolean>(() => 'axe' in window))) {
        await session().executeScript(axe.source);
      }
      const summaries = await session().executeScript<AxeViolationSummary[]>(
        axeSummariesInPage,
        axeRunOptions,
      );
      return summaries.map(describeAxeViolation);
    },
    pageTexts: () => inPage(pageTextsInPage, true),
    serviceWorker: () => inPage(serviceWorkerState, undefined),
    close: () => current.stop(),
  };
}
