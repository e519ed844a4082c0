import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { PermitFormValues } from '../../machines/permits/permit-form-values';
import { pathsOf } from '../../scripts/flows/flow-docs';
import { flowModels } from '../machines/flow-models';
import { createMachineTestModel, type MachinePath } from '../machines/model-harness';
import { pathsTakingNewTransitions } from '../machines/transition-coverage';

function flowModel(name: string) {
  const model = flowModels.find((candidate) => candidate.name === name);
  if (!model) throw new Error(`No flow model is named "${name}"`);
  return model;
}

/** Whether `step` sends a "Repeat weekly" series. */
const sendsSeries = ({ event }: { event: AnyEventObject }) =>
  event.type === 'SUBMIT' &&
  (event as { values?: PermitFormValues }).values?.repeat_weekly === true;

/** Whether `path` changes the registration after a series went out. */
function retypesDuringSeries(path: MachinePath): boolean {
  const seriesAt = path.steps.findIndex(sendsSeries);
  return (
    seriesAt >= 0 && path.steps.slice(seriesAt).some(({ event }) => event.type === 'VRM.CHANGED')
  );
}

/** Log out is on screen only while signed in: the account menu is in the signed-in shell. */
const offersOnScreen = (snapshot: AnyMachineSnapshot, eventType: string) =>
  eventType !== 'LOGOUT' || snapshot.matches('signed_in');

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
 * The session's paths over every transition as docs/flows generates them, but with LOGOUT only
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
 * Which of a machine's docs paths its screen model plays.
 * - Add Permit: the paths that change the registration after a series went out repeat, under
 *   each series' context, registration transitions the other paths walk, and all of them would
 *   triple the screen test's time; of those, only the ones that walk a transition no other path
 *   walks (a week that fails after the retype) are played.
 * - The session: its screen renders the whole app, so of the paths the app can take
 *   (`sessionPathsOnScreen`) each is kept, in order, only when it walks a transition the paths
 *   kept before do not.
 * - My Permits: the 3,900 docs paths would take hours on the rendered screen; kept, in order, is
 *   each one that walks a transition those kept before do not, until every one is walked, and
 *   the first where the page is gone after Next (PAGE.GO) and after a URL (QUERY.CHANGED), the
 *   two ways a resident meets a page that no longer exists. The screen test adds its own paths to
 *   every distinct view of the results.
 * test/machines/screen-model-coverage.test.ts checks that the paths kept take every transition.
 */
function playedOnScreen(name: string, paths: MachinePath[]): MachinePath[] {
  const { machine } = flowModel(name);
  switch (name) {
    case 'addPermit': {
      const withoutRetype = paths.filter((path) => !retypesDuringSeries(path));
      const retyping = paths.filter(retypesDuringSeries);
      return [...withoutRetype, ...pathsTakingNewTransitions(machine, retyping, withoutRetype)];
    }
    case 'session':
      return pathsTakingNewTransitions(machine, sessionPathsOnScreen());
    case 'permitList': {
      const covering = pathsTakingNewTransitions(machine, paths);
      const recoveries = [pageGoneAfter('PAGE.GO'), pageGoneAfter('QUERY.CHANGED')]
        .map((recovers) => paths.find(recovers)!)
        .filter((path) => !covering.includes(path));
      return [...covering, ...recoveries];
    }
    default:
      return paths;
  }
}

/**
 * The generated paths each screen model test (test/model/) plays on its rendered screen: the
 * paths of docs/flows/<name>.md, all of them or a subset over every transition (`playedOnScreen`).
 * test/machines/screen-model-coverage.test.ts counts the transitions they take.
 */
export function screenPathsOf(name: string): MachinePath[] {
  return playedOnScreen(name, pathsOf(flowModel(name)));
}
