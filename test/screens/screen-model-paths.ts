import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { flowModels, pathsOf } from '../../machines/flow-models/flow-models';
import { createMachineTestModel, type MachinePath } from '../../machines/flow-models/model-paths';
import { pathsOverEveryTransition } from '../../machines/flow-models/transition-coverage';

function flowModel(name: string) {
  const model = flowModels.find((candidate) => candidate.name === name);
  if (!model) throw new Error(`No flow model is named "${name}"`);
  return model;
}

/** Log out is on screen only while signed in: the account menu is in the signed-in shell. */
const offersOnScreen = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  event.type !== 'LOGOUT' || snapshot.matches('signed_in');

/**
 * Whether the rendered app can follow a session path to its end: once signed out or invalid the
 * resident is on /login, and a sign-in there redirects to the dashboard, which is a route change
 * of its own (ROUTE.CHANGED, then a validity re-check) that the path does not send.
 */
function staysOffLoginWhileSignedIn(path: MachinePath): boolean {
  let sentToLogin = false;
  return path.steps.every(({ state }) => {
    if (state.matches('signed_in') && sentToLogin) return false;
    if (state.matches('signed_out') || state.matches('invalid')) sentToLogin = true;
    return true;
  });
}

/**
 * The session's paths over every transition as the flow docs list them, but with LOGOUT only
 * where Log out is on screen (`offersOnScreen`); the docs' shortest way to most states after a
 * logout sends it before the sign-in has finished, which no resident can do.
 */
function sessionPathsOnScreen(): MachinePath[] {
  const { machine, eventSamples } = flowModel('session');
  return createMachineTestModel(machine, {
    eventSamples,
    coverage: 'transitions',
    offers: offersOnScreen,
  })
    .getShortestPaths()
    .filter(staysOffLoginWhileSignedIn);
}

/** Whether the path's page is gone right after `eventType` asked for another page. */
const pageGoneAfter = (eventType: string) => (path: MachinePath) =>
  path.steps.some(
    ({ event }, index) =>
      event.type === 'xstate.done.actor.fetchPermits' &&
      (event.output as { kind?: string } | undefined)?.kind === 'pageGone' &&
      path.steps[index - 1]?.event.type === eventType,
  );

/**
 * Which of a machine's docs paths its screen model plays: a few that together walk every
 * transition the screen can take (`pathsOverEveryTransition`), since each path played on a
 * rendered screen costs seconds where a machine-level path costs milliseconds; the machine model
 * tests in test/machines/ still play every path.
 * - The session: its screen renders the whole app, so the cover is drawn from the paths the app
 *   can take (`sessionPathsOnScreen`).
 * - My Permits: the cover, plus the first path where the page is gone after Next (PAGE.GO) and
 *   after a URL (QUERY.CHANGED), the two ways a resident meets a page that no longer exists. The
 *   screen test adds the few paths that show each branch and set of rows of the results.
 * test/machines/screen-model-coverage.test.ts checks that the paths kept take every transition.
 */
function playedOnScreen(name: string, paths: MachinePath[]): MachinePath[] {
  const { machine } = flowModel(name);
  switch (name) {
    case 'session':
      return pathsOverEveryTransition(machine, sessionPathsOnScreen());
    case 'permitList': {
      const covering = pathsOverEveryTransition(machine, paths);
      const recoveries = [pageGoneAfter('PAGE.GO'), pageGoneAfter('QUERY.CHANGED')]
        .map((recovers) => paths.find(recovers)!)
        .filter((path) => !covering.includes(path));
      return [...covering, ...recoveries];
    }
    default:
      return pathsOverEveryTransition(machine, paths);
  }
}

/**
 * The generated paths each screen model test (test/screens/) plays on its rendered screen: the
 * paths of its flow doc, all of them or a subset over every transition (`playedOnScreen`).
 * test/machines/screen-model-coverage.test.ts counts the transitions they take.
 */
export function screenPathsOf(name: string): MachinePath[] {
  return playedOnScreen(name, pathsOf(flowModel(name)));
}
