import type { EmailVerification } from '../../../../contract/email-verification';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import { flowModels, pathsOf } from '../../../../machines/flow-models/flow-models';
import { emailVerificationMachine } from '../../../../machines/settings/email-verification/email-verification-machine';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';

const paths = pathsOf(flowModels.find((model) => model.name === 'emailVerification')!);

function driverFor(machine: typeof emailVerificationMachine, timeoutMs = 200) {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: {
      loadVerification: controls.promise<EmailVerification>('loadVerification'),
      sendLinkAgain: controls.promise<EmailVerification>('sendLinkAgain'),
    },
  });
  return createMachineDriver(provided, { controls, timeoutMs });
}

describe('emailVerificationMachine model', () => {
  testEveryModelPath(emailVerificationMachine, paths, () => driverFor(emailVerificationMachine));

  it('catches a throttled send taken for any other failure', async () => {
    const broken = emailVerificationMachine.provide({ guards: { tooMany: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.error.actor.sendLinkAgain' &&
        (event.error as { status?: number }).status === 429,
      () => driverFor(broken, 50),
    );
  });
});
