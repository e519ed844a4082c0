import type { Browser, BrowserContext } from 'playwright-core';
import {
  flowDocPath,
  flowModels,
  pathsOf,
  type FlowModel,
} from '../../../machines/flow-models/flow-models';
import {
  describePath,
  runModelPath,
  type MachinePath,
} from '../../../machines/flow-models/model-paths';
import {
  pathsOverEveryTransition,
  unwalkedTransitions,
} from '../../../machines/flow-models/transition-coverage';
import { launchChromium } from '../../../scripts/stack/chromium';
import {
  createBrowserDriver,
  producible,
  signInResident,
  type BrowserScreen,
} from './browser-driver';
import { browserScreens } from './browser-screens';
import { startServedApp, type ServedApp } from './served-app';

jest.setTimeout(60_000);

interface ChromiumPath {
  title: string;
  path: MachinePath;
}

function modelOf(screen: BrowserScreen): FlowModel {
  const model = flowModels.find(({ name }) => name === screen.flow);
  if (!model) throw new Error(`No flow model is named "${screen.flow}"`);
  return model;
}

/**
 * The paths of a flow doc (machines/flow-models/flow-models.ts, flowDocPath) a browser walks: the
 * few that together walk every transition the browser can produce, as the screen models do
 * (test/screens/screen-model-paths.ts): each path costs about 2 s in Chromium before its first
 * step, and the machine model tests in test/machines/ play every path. A title says where the path
 * ends and its steps, and its number in the doc.
 */
function chromiumPaths(screen: BrowserScreen): ChromiumPath[] {
  const model = modelOf(screen);
  const numbered = pathsOf(model)
    .map((path, index) => ({
      title: `${model.title}: ${describePath(path)} (${flowDocPath(model)} path ${index + 1})`,
      path,
      steps: path.steps,
    }))
    .filter(({ path }) => producible(screen, path));
  return pathsOverEveryTransition(model.machine, numbered);
}

/**
 * Transitions only an outcome the running app cannot produce walks: `signInWithToken` catches
 * every refusal of the identity provider and answers false (src/identity/identity.ts).
 */
const unproducible: Readonly<Record<string, string[]>> = {
  login: ['login.submitting.signingIn on xstate.error.actor.signInWithToken'],
  register: ['register.submitting.signingIn on xstate.error.actor.signInWithToken'],
};

/**
 * Transitions the Chromium driver does not walk yet: Add Permit's weekly series (its `plays` in
 * browser-screens.ts). The jsdom screen model walks them all (test/machines/screen-model-coverage.test.ts).
 */
const notYetInChromium: Readonly<Record<string, string[]>> = {
  addPermit: [
    'addPermit.form.submission.editing on SUBMIT #1',
    'addPermit.form.submission.creatingSeries.nextWeek on always #1',
    'addPermit.form.submission.creatingSeries.nextWeek on always #2',
    'addPermit.form.submission.creatingSeries.nextWeek on always #3',
    'addPermit.form.submission.creatingSeries.creatingWeek on xstate.done.actor.createWeek #1',
    'addPermit.form.submission.creatingSeries.creatingWeek on xstate.done.actor.createWeek #2',
    'addPermit.form.submission.creatingSeries.creatingWeek on xstate.error.actor.createWeek #1',
    'addPermit.form.submission.creatingSeries.creatingWeek on xstate.error.actor.createWeek #2',
    'addPermit.form.submission.creatingSeries.checkingWeek on xstate.done.actor.findOverlappingPermit #1',
    'addPermit.form.submission.creatingSeries.checkingWeek on xstate.done.actor.findOverlappingPermit #2',
    'addPermit.form.submission.creatingSeries.checkingWeek on xstate.error.actor.findOverlappingPermit',
    'addPermit.form.submission.seriesIncomplete on SUBMIT #1',
    'addPermit.form.submission.seriesIncomplete on SUBMIT #2',
    'addPermit.form.submission.failed on SUBMIT #1',
  ],
};

let app: ServedApp;
let browser: Browser;
let signedIn: BrowserContext;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServedApp(), launchChromium()]);
  signedIn = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
  await signInResident(signedIn, app.origin);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe.each(browserScreens.map((screen) => [modelOf(screen).title, screen] as const))(
  'generated paths of %s in Chromium',
  (_, screen) => {
    const { machine } = modelOf(screen);
    const paths = chromiumPaths(screen);

    it('walk every transition the running app can take', () => {
      expect(
        unwalkedTransitions(
          machine,
          paths.map(({ path }) => path),
        ),
      ).toEqual([...(unproducible[screen.flow] ?? []), ...(notYetInChromium[screen.flow] ?? [])]);
    });

    it.each(paths.map((chromiumPath) => [chromiumPath.title, chromiumPath] as const))(
      '%s',
      async (__, { path }) => {
        const context = screen.signedIn
          ? signedIn
          : await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
        const driver = createBrowserDriver(screen, machine, context, app.origin);
        try {
          await runModelPath(path, driver);
        } finally {
          await driver.close();
          if (context !== signedIn) await context.close();
        }
      },
    );
  },
);
