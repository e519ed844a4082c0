import { flowModels } from '../../machines/flow-models/flow-models';
import { transitionsOf, unwalkedTransitions } from '../../machines/flow-models/transition-coverage';
import { screenPathsOf } from '../screens/screen-model-paths';

/**
 * The statecharts whose screen model test in test/screens/ plays screenPathsOf. Not yet: the e-mail
 * switches, the address confirmation notice and the CSV export (component tests only).
 */
const withScreenModel = [
  'session',
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'changePassword',
  'addPermit',
  'permitList',
  'activatePermit',
  'cancelPermit',
  'updatePermit',
  'visitorBooking',
];

/**
 * Transitions no screen can walk, with why: a second Log out while the first logout call is under
 * way. Log out is only in the signed-in shell's account menu, and the resident is on /login the
 * moment they choose it; the machine-level model walks it (test/machines/session-machine.model.test.ts).
 */
const notOnScreen: Readonly<Record<string, string[]>> = {
  session: ['session.signed_out.loggingOut on LOGOUT'],
};

test.each(withScreenModel)('the paths played on the %s screen take every transition', (name) => {
  const { machine } = flowModels.find((model) => model.name === name)!;
  expect(transitionsOf(machine).length).toBeGreaterThan(0);
  expect(unwalkedTransitions(machine, screenPathsOf(name))).toEqual(notOnScreen[name] ?? []);
});
