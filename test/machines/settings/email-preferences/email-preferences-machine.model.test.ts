import type { EmailPreferences } from '../../../../contract/email-preferences';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import { flowModels, pathsOf } from '../../../../machines/flow-models/flow-models';
import { emailPreferencesMachine } from '../../../../machines/settings/email-preferences/email-preferences-machine';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';

const paths = pathsOf(flowModels.find((model) => model.name === 'emailPreferences')!);

function driverFor(machine: typeof emailPreferencesMachine, timeoutMs = 200) {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: {
      loadPreferences: controls.promise<EmailPreferences>('loadPreferences'),
      savePreferences: controls.promise<EmailPreferences, EmailPreferences>('savePreferences'),
    },
  });
  return createMachineDriver(provided, { controls, timeoutMs });
}

describe('emailPreferencesMachine model', () => {
  testEveryModelPath(emailPreferencesMachine, paths, () => driverFor(emailPreferencesMachine));

  it('catches a host without e-mail preferences taken for a failure', async () => {
    const broken = emailPreferencesMachine.provide({ guards: { notOffered: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.error.actor.loadPreferences' &&
        (event.error as { status?: number }).status === 404,
      () => driverFor(broken, 50),
    );
  });
});
