import { createActor, SimulatedClock, waitFor } from 'xstate';
import { activatePermitMachine } from '../../../../machines/permits/permit-dialogs/activate-permit-machine';
import { cancelPermitMachine } from '../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  scheduledPermit,
  withControlledPermitActionActors,
} from '../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';

describe.each([
  {
    machine: activatePermitMachine,
    actorId: 'activatePermit' as const,
    title: 'Activation Failed',
    failedDefault: 'Failed to activate permit. Please try again.',
  },
  {
    machine: cancelPermitMachine,
    actorId: 'cancelPermit' as const,
    title: 'Cancellation Failed',
    failedDefault: 'Failed to cancel permit. Please try again.',
  },
])('$actorId dialog machine', ({ machine, actorId, title, failedDefault }) => {
  function openDialog(delays?: { reloadDelay: number }) {
    const controls = createActorControls();
    const calls: string[] = [];
    const reloadList = jest.fn(() => calls.push('reloadList'));
    const close = jest.fn(() => calls.push('close'));
    const provided = withControlledPermitActionActors(machine, actorId, controls).provide({
      actions: { reloadList, close },
      ...(delays ? { delays } : {}),
    });
    const clock = new SimulatedClock();
    const actor = createActor(provided, { input: { permit: scheduledPermit }, clock }).start();
    const confirm = () => actor.send({ type: 'CONFIRM' });
    const dismiss = () => actor.send({ type: 'DISMISS' });
    const waitForState = (state: 'succeeded' | 'failed') =>
      waitFor(actor, (snapshot) => snapshot.matches(state));
    return { actor, controls, clock, calls, reloadList, close, confirm, dismiss, waitForState };
  }

  it('opens asking for confirmation, with the permit, no error and no request', () => {
    const { actor, controls } = openDialog();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('confirming');
    expect(snapshot.context).toEqual({ permit: scheduledPermit, error: null });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(controls.inputs(actorId)).toEqual([]);
  });

  it('closes without a request when dismissed', () => {
    const { actor, controls, close, reloadList, dismiss } = openDialog();
    dismiss();
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(close).toHaveBeenCalledTimes(1);
    expect(reloadList).not.toHaveBeenCalled();
    expect(controls.inputs(actorId)).toEqual([]);
  });

  it("sends one request for the permit's id, even when confirmed twice", () => {
    const { actor, controls, confirm } = openDialog();
    confirm();
    confirm();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(controls.inputs(actorId)).toEqual([{ id: 41 }]);
  });

  it('cannot be dismissed while the request is out', () => {
    const { actor, close, confirm, dismiss } = openDialog();
    confirm();
    dismiss();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(close).not.toHaveBeenCalled();
  });

  it('waits 1 second after a success, busy, then reloads the list and closes', async () => {
    const { actor, controls, clock, calls, confirm, dismiss, waitForState } = openDialog();
    confirm();
    controls.resolve(actorId, { ...scheduledPermit, status: 'QUEUED' });
    const succeeded = await waitForState('succeeded');
    expect(succeeded.hasTag('busy')).toBe(true);
    dismiss();
    confirm();
    clock.increment(999);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('reloaded');
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual(['reloadList', 'close']);
    expect(controls.inputs(actorId)).toHaveLength(1);
  });

  it('takes the reload delay the app gives', async () => {
    const { actor, controls, clock, reloadList, confirm, waitForState } = openDialog({
      reloadDelay: 10,
    });
    confirm();
    controls.resolve(actorId, {});
    await waitForState('succeeded');
    clock.increment(10);
    expect(actor.getSnapshot().value).toBe('reloaded');
    expect(reloadList).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'non_field_errors',
      { status: 400, body: { non_field_errors: ['A permit with status EXPIRED cannot change.'] } },
      'A permit with status EXPIRED cannot change.',
    ],
    ['detail', { status: 404, body: { detail: 'Not found.' } }, 'Not found.'],
    ['error', { status: 502, body: { error: 'Provider unreachable' } }, 'Provider unreachable'],
    ['message', { status: 500, body: { message: 'Internal error' } }, 'Internal error'],
    ['no answer', new Error('Network Error'), failedDefault],
  ])(
    'keeps the dialog open with the title and the mapped message (%s)',
    async (_, error, message) => {
      const { controls, close, reloadList, confirm, waitForState } = openDialog();
      confirm();
      controls.reject(actorId, error);
      const failed = await waitForState('failed');
      expect(failed.context.error).toEqual({ title, message });
      expect(failed.hasTag('busy')).toBe(false);
      expect(close).not.toHaveBeenCalled();
      expect(reloadList).not.toHaveBeenCalled();
    },
  );

  it('retries from the failure, clearing the error, and succeeds', async () => {
    const { actor, controls, clock, reloadList, confirm, waitForState } = openDialog();
    confirm();
    controls.reject(actorId, {});
    await waitForState('failed');
    confirm();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(controls.inputs(actorId)).toEqual([{ id: 41 }, { id: 41 }]);
    controls.resolve(actorId, {});
    await waitForState('succeeded');
    clock.increment(1000);
    expect(reloadList).toHaveBeenCalledTimes(1);
  });

  it('closes without a reload when dismissed after a failure', async () => {
    const { actor, controls, close, reloadList, confirm, dismiss, waitForState } = openDialog();
    confirm();
    controls.reject(actorId, {});
    await waitForState('failed');
    dismiss();
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(close).toHaveBeenCalledTimes(1);
    expect(reloadList).not.toHaveBeenCalled();
  });
});
