import { createActor, waitFor } from 'xstate';
import { createActorControls } from '../../../machines/flow-models/actor-controls';
import { flowModels, pathsOf } from '../../../machines/flow-models/flow-models';
import { languageMachine, type Language } from '../../../machines/language/language-machine';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../model-path-tests';

const model = flowModels.find(({ name }) => name === 'language')!;
const paths = pathsOf(model);

/** The machine with fake host calls, recording what the app was asked to show and keep. */
function provided(machine = languageMachine) {
  const controls = createActorControls();
  const shown: { language: Language; unsent: boolean }[] = [];
  return {
    controls,
    shown,
    machine: machine.provide({
      actors: {
        readFromHost: controls.promise<Language>('readFromHost'),
        saveOnHost: controls.promise<Language, Language>('saveOnHost'),
      },
      actions: { showAndKeep: (_, params) => void shown.push(params) },
    }),
  };
}

const notFound = Object.assign(new Error('Not found'), { status: 404 });

describe('languageMachine model', () => {
  testEveryModelPath(languageMachine, paths, () => {
    const { controls, machine } = provided();
    return createMachineDriver(machine, { controls, timeoutMs: 200, input: model.input });
  });

  it('catches a host without the capability taken for a failure', async () => {
    const broken = languageMachine.provide({ guards: { notOffered: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type.startsWith('xstate.error.actor.') &&
        (event.error as { status?: number }).status === 404,
      () => {
        const { controls, machine } = provided(broken);
        return createMachineDriver(machine, { controls, timeoutMs: 50, input: model.input });
      },
    );
  });
});

describe('languageMachine rules', () => {
  it('tells the host at sign-in of a choice made while signed out', async () => {
    const { controls, machine, shown } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    actor.send({ type: 'CHOOSE', language: 'cy' });
    expect(shown).toEqual([{ language: 'cy', unsent: true }]);
    actor.send({ type: 'SIGNED_IN' });
    expect(controls.inputs('saveOnHost')).toEqual(['cy']);
    expect(controls.isRunning('readFromHost')).toBe(false);
    controls.resolve('saveOnHost', 'cy');
    const kept = await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'kept' }));
    expect(kept.context).toEqual({ language: 'cy', unsent: false });
  });

  it("shows and keeps the host's choice at sign-in when the device made none", async () => {
    const { controls, machine, shown } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    actor.send({ type: 'SIGNED_IN' });
    controls.resolve('readFromHost', 'cy');
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'kept' }));
    expect(shown).toEqual([{ language: 'cy', unsent: false }]);
    expect(controls.inputs('saveOnHost')).toEqual([]);
  });

  it('keeps a choice on the device alone where the host does not offer languages', async () => {
    const { controls, machine, shown } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    actor.send({ type: 'SIGNED_IN' });
    controls.reject('readFromHost', notFound);
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'deviceOnly' }));
    actor.send({ type: 'CHOOSE', language: 'cy' });
    expect(shown).toEqual([{ language: 'cy', unsent: false }]);
    expect(controls.inputs('saveOnHost')).toEqual([]);
  });

  it('tells the host at the next sign-in of a choice it failed to store', async () => {
    const { controls, machine } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    actor.send({ type: 'SIGNED_IN' });
    controls.resolve('readFromHost', 'en');
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'kept' }));
    actor.send({ type: 'CHOOSE', language: 'cy' });
    controls.reject('saveOnHost', Object.assign(new Error('Server error'), { status: 500 }));
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'kept' }));
    expect(actor.getSnapshot().context).toEqual({ language: 'cy', unsent: true });
    actor.send({ type: 'SIGNED_OUT' });
    actor.send({ type: 'SIGNED_IN' });
    expect(controls.inputs('saveOnHost')).toEqual(['cy', 'cy']);
  });
});
