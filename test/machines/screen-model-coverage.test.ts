import { flowModels } from './flow-models';
import { transitionsOf, unwalkedTransitions } from './transition-coverage';
import { screenPathsOf } from '../model/screen-model-paths';

/**
 * The statecharts whose screen model test in test/model/ plays screenPathsOf. Not yet: the session
 * (no screen model), My Permits (its screen walks a subset of its own), and the e-mail switches,
 * the CSV export and the hidden-permits count (component tests only).
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

test.each(withScreenModel)('the paths played on the %s screen take every transition', (name) => {
  const { machine } = flowModels.find((model) => model.name === name)!;
  expect(transitionsOf(machine).length).toBeGreaterThan(0);
  expect(unwalkedTransitions(machine, screenPathsOf(name))).toEqual([]);
});
