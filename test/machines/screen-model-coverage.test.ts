import { flowModels } from './flow-models';
import { transitionsOf, unwalkedTransitions } from './transition-coverage';
import { screenPathsOf } from '../model/screen-model-paths';

/**
 * The statecharts whose screen model test in test/model/ plays screenPathsOf. Not yet: the session
 * (no screen model), My Permits (its screen walks a subset of its own), and the e-mail switches
 * and the CSV export (component tests only).
 */
const withScreenModel = [
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'changePassword',
  'addPermit',
  'activatePermit',
  'cancelPermit',
  'updatePermit',
];

/**
 * Transitions a screen does not walk yet, with why: a week that fails is walked on screen only
 * after the registration was retyped mid-series (paths left out for time, screen-model-paths.ts);
 * the machine-level model walks it (test/machines/permits/add-permit-machine.model.test.ts).
 */
const notYetOnScreen: Readonly<Record<string, string[]>> = {
  addPermit: [
    'addPermit.form.submission.creatingSeries.creatingWeek on xstate.error.actor.createWeek',
  ],
};

test.each(withScreenModel)('the paths played on the %s screen take every transition', (name) => {
  const { machine } = flowModels.find((model) => model.name === name)!;
  expect(transitionsOf(machine).length).toBeGreaterThan(0);
  expect(unwalkedTransitions(machine, screenPathsOf(name))).toEqual(notYetOnScreen[name] ?? []);
});
