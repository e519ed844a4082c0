import { pathsOf } from '../../scripts/flows/flow-docs';
import { flowModels } from '../machines/flow-models';
import type { MachinePath } from '../machines/model-harness';

function flowModel(name: string) {
  const model = flowModels.find((candidate) => candidate.name === name);
  if (!model) throw new Error(`No flow model is named "${name}"`);
  return model;
}

/**
 * The generated paths each screen model test (test/model/) plays on its rendered screen: the
 * paths of docs/flows/<name>.md, over every transition.
 * test/machines/screen-model-coverage.test.ts counts the transitions they take.
 */
export function screenPathsOf(name: string): MachinePath[] {
  return pathsOf(flowModel(name));
}
