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

/** The machine with fake host calls, recording what the app was asked to show, keep and mark. */
function provided(machine = languageMachine) {
  const controls = createActorControls();
  const shown: Language[] = [];
  const sent = { count: 0 };
  return {
    controls,
    shown,
    sent,
    machine: machine.provide({
      actors: {
        readFromHost: controls.promise<Language>('readFromHost'),
        saveOnHost: controls.promise<Language, Language>('saveOnHost'),
      },
      actions: {
        showAndKeep: (_, { language }) => void shown.push(language),
        markSent: () => void (sent.count += 1),
      },
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
        (event.error as { status?: number } | undefined)?.status === 404,
      () => {
        const { controls, machine } = provided(broken);
        return createMachineDriver(machine, { controls, timeoutMs: 50, input: model.input });
      },
    );
  });
});

describe('languageMachine rules', () => {
  it('tells the host of a choice made on the device before signing in', async () => {
    const { controls, machine, shown, sent } = provided();
    const actor = createActor(machine, { input: { language: 'cy', unsent: true } }).start();
    expect(controls.inputs('saveOnHost')).toEqual(['cy']);
    expect(controls.isRunning('readFromHost')).toBe(false);
    controls.resolve('saveOnHost', 'cy');
    const kept = await waitFor(actor, (snapshot) => snapshot.matches('kept'));
    expect(kept.context).toEqual({ language: 'cy', unsent: false });
    expect(sent.count).toBe(1);
    expect(shown).toEqual([]);
  });

  it("shows and keeps the host's choice when the device has none to send", async () => {
    const { controls, machine, shown } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    controls.resolve('readFromHost', 'cy');
    await waitFor(actor, (snapshot) => snapshot.matches('kept'));
    expect(shown).toEqual(['cy']);
    expect(controls.inputs('saveOnHost')).toEqual([]);
  });

  it('leaves the choice on the device alone where the host does not offer languages', async () => {
    const { controls, machine, shown } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    controls.reject('readFromHost', notFound);
    await waitFor(actor, (snapshot) => snapshot.matches('deviceOnly'));
    actor.send({ type: 'CHOOSE', language: 'cy' });
    expect(shown).toEqual([]);
    expect(controls.inputs('saveOnHost')).toEqual([]);
  });

  it('keeps a choice the host failed to store unsent, for the next sign-in', async () => {
    const { controls, machine, sent } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    controls.resolve('readFromHost', 'en');
    await waitFor(actor, (snapshot) => snapshot.matches('kept'));
    actor.send({ type: 'CHOOSE', language: 'cy' });
    expect(controls.inputs('saveOnHost')).toEqual(['cy']);
    controls.reject('saveOnHost', Object.assign(new Error('Server error'), { status: 500 }));
    await waitFor(actor, (snapshot) => snapshot.matches('kept'));
    expect(actor.getSnapshot().context).toEqual({ language: 'cy', unsent: true });
    expect(sent.count).toBe(0);
  });

  it("a choice made while the host's language is on its way stands, and goes to the host", async () => {
    const { controls, machine, shown } = provided();
    const actor = createActor(machine, { input: { language: 'en', unsent: false } }).start();
    actor.send({ type: 'CHOOSE', language: 'cy' });
    // The host's answer to the read, should it still come, undoes nothing.
    if (controls.isRunning('readFromHost')) controls.resolve('readFromHost', 'en');

    expect(shown).toEqual([]);
    expect(actor.getSnapshot().context.language).toBe('cy');
    expect(controls.inputs('saveOnHost')).toEqual(['cy']);
    controls.resolve('saveOnHost', 'cy');
    const kept = await waitFor(actor, (snapshot) => snapshot.matches('kept'));
    expect(kept.context).toEqual({ language: 'cy', unsent: false });
    expect(shown).toEqual([]);
  });

  it('a second choice while the first is being stored is sent once the host has answered', async () => {
    const { controls, machine, sent } = provided();
    const actor = createActor(machine, { input: { language: 'cy', unsent: true } }).start();
    actor.send({ type: 'CHOOSE', language: 'en' });
    // One call at a time: two at once could land in either order.
    expect(controls.inputs('saveOnHost')).toEqual(['cy']);

    controls.resolve('saveOnHost', 'cy');
    await waitFor(actor, () => controls.inputs('saveOnHost').length === 2, { timeout: 500 });
    expect(controls.inputs('saveOnHost')).toEqual(['cy', 'en']);
    expect(sent.count).toBe(0);
    controls.resolve('saveOnHost', 'en');
    const kept = await waitFor(actor, (snapshot) => snapshot.matches('kept'));
    expect(kept.context).toEqual({ language: 'en', unsent: false });
    expect(sent.count).toBe(1);
  });
});
