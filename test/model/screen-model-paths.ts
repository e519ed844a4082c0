import type { AnyEventObject } from 'xstate';
import type { PermitFormValues } from '../../machines/permits/permit-form-values';
import { pathsOf } from '../../scripts/flows/flow-docs';
import { flowModels } from '../machines/flow-models';
import type { MachinePath } from '../machines/model-harness';

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

/**
 * Add Permit's paths that change the registration after a series went out repeat, under each
 * series' context, registration transitions the other paths walk, and would triple the screen
 * test's time; the one transition only they walk is named in
 * test/machines/screen-model-coverage.test.ts.
 */
function playedOnScreen(name: string, paths: MachinePath[]): MachinePath[] {
  return name === 'addPermit' ? paths.filter((path) => !retypesDuringSeries(path)) : paths;
}

/**
 * The generated paths each screen model test (test/model/) plays on its rendered screen: the
 * paths of docs/flows/<name>.md, over every transition.
 * test/machines/screen-model-coverage.test.ts counts the transitions they take.
 */
export function screenPathsOf(name: string): MachinePath[] {
  return playedOnScreen(name, pathsOf(flowModel(name)));
}
