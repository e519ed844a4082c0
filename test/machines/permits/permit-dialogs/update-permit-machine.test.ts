import { createActor, waitFor } from 'xstate';
import type { SiteSettings } from '../../../../contract/site-settings';
import type { UpdatePermitFormValues } from '../../../../machines/permits/permit-dialogs/update-permit-form';
import { updatePermitMachine } from '../../../../machines/permits/permit-dialogs/update-permit-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  activePermit,
  scheduledPermit,
  schedulingSite,
  withControlledUpdatePermitActors,
} from '../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';

const rescheduled: UpdatePermitFormValues = {
  start: '2026-06-03T10:00',
  end: '2026-06-04T19:00',
  indefinite: false,
};
const failedDefault = 'Failed to update permit. Please try again.';

function openDialog(permit = scheduledPermit, settings: SiteSettings = schedulingSite) {
  const controls = createActorControls();
  const calls: string[] = [];
  const refreshList = jest.fn(() => calls.push('refreshList'));
  const close = jest.fn(() => calls.push('close'));
  const machine = withControlledUpdatePermitActors(updatePermitMachine, controls).provide({
    actions: { refreshList, close },
  });
  const actor = createActor(machine, { input: { permit, settings } }).start();
  const submit = (values: UpdatePermitFormValues = rescheduled) =>
    actor.send({ type: 'SUBMIT', values });
  const dismiss = () => actor.send({ type: 'DISMISS' });
  const settled = () =>
    waitFor(actor, (snapshot) => snapshot.matches('succeeded') || snapshot.matches('failed'));
  return { actor, controls, calls, refreshList, close, submit, dismiss, settled };
}

describe('updatePermitMachine', () => {
  it('opens for editing with the permit and settings, no error and no request', () => {
    const { actor, controls } = openDialog();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({
      permit: scheduledPermit,
      settings: schedulingSite,
      error: null,
    });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(controls.inputs('updatePermit')).toEqual([]);
  });

  it('closes without a request when dismissed', () => {
    const { actor, controls, close, refreshList, dismiss } = openDialog();
    dismiss();
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(close).toHaveBeenCalledTimes(1);
    expect(refreshList).not.toHaveBeenCalled();
    expect(controls.inputs('updatePermit')).toEqual([]);
  });

  it("sends the permit's id and the payload built from the values, once for a double click", () => {
    const { actor, controls, submit } = openDialog();
    submit();
    submit({ ...rescheduled, indefinite: true });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(controls.inputs('updatePermit')).toEqual([
      { id: 41, payload: { start_ts: '2026-06-03T10:00:00', end_ts: '2026-06-04T19:00:00' } },
    ]);
  });

  it('builds the payload with the settings it was opened with', () => {
    const { controls, submit } = openDialog(activePermit, {
      ...schedulingSite,
      default_end_date_limit_hours: 0,
    });
    submit({ start: '', end: '', indefinite: true });
    expect(controls.inputs('updatePermit')).toEqual([{ id: 42, payload: { end_ts: null } }]);
  });

  it('cannot be dismissed while the request is out', () => {
    const { actor, close, submit, dismiss } = openDialog();
    submit();
    dismiss();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(close).not.toHaveBeenCalled();
  });

  it('refreshes the list and closes after a success', async () => {
    const { controls, calls, submit, settled } = openDialog();
    submit();
    expect(calls).toEqual([]);
    controls.resolve('updatePermit', { ...scheduledPermit, start_ts: '2026-06-03T09:00:00Z' });
    const done = await settled();
    expect(done.value).toBe('succeeded');
    expect(done.status).toBe('done');
    expect(calls).toEqual(['refreshList', 'close']);
  });

  it.each([
    [
      'its message',
      { error: true, message: 'The parking provider refused the change.' },
      'The parking provider refused the change.',
    ],
    ['"Failed to update permit" without one', { error: true }, 'Failed to update permit'],
  ])('treats a 2xx with an error flag as a failure showing %s', async (_, body, message) => {
    const { controls, refreshList, close, submit, settled } = openDialog();
    submit();
    controls.resolve('updatePermit', body);
    const failed = await settled();
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toEqual({ title: 'Update Failed', message });
    expect(refreshList).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it.each([
    [
      'non_field_errors',
      { status: 400, body: { non_field_errors: ['There is nothing to update.'] } },
      'There is nothing to update.',
    ],
    [
      'end_ts',
      { status: 400, body: { end_ts: ['End must be after the start.'] } },
      'End must be after the start.',
    ],
    [
      'start_ts',
      { status: 400, body: { start_ts: ['Start must be at least 1 minute ahead.'] } },
      'Start must be at least 1 minute ahead.',
    ],
    ['error', { status: 502, body: { error: 'Provider unreachable' } }, 'Provider unreachable'],
    ['message', { status: 500, body: { message: 'Internal error' } }, 'Internal error'],
    ['no answer', new Error('Network Error'), failedDefault],
  ])(
    'keeps the dialog open with "Update Failed" and the mapped message (%s)',
    async (_, error, message) => {
      const { controls, refreshList, close, submit, settled } = openDialog();
      submit();
      controls.reject('updatePermit', error);
      const failed = await settled();
      expect(failed.value).toBe('failed');
      expect(failed.hasTag('busy')).toBe(false);
      expect(failed.context.error).toEqual({ title: 'Update Failed', message });
      expect(refreshList).not.toHaveBeenCalled();
      expect(close).not.toHaveBeenCalled();
    },
  );

  it('retries with the values the form now holds, clearing the error', async () => {
    const { actor, controls, refreshList, submit, settled } = openDialog();
    submit();
    controls.reject('updatePermit', {});
    await settled();
    submit({ ...rescheduled, end: '', indefinite: true });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(controls.inputs('updatePermit')).toEqual([
      { id: 41, payload: { start_ts: '2026-06-03T10:00:00', end_ts: '2026-06-04T19:00:00' } },
      { id: 41, payload: { start_ts: '2026-06-03T10:00:00', end_ts: null } },
    ]);
    controls.resolve('updatePermit', {});
    expect((await settled()).value).toBe('succeeded');
    expect(refreshList).toHaveBeenCalledTimes(1);
  });

  it('closes without a refresh when dismissed after a failure', async () => {
    const { actor, controls, refreshList, close, submit, dismiss, settled } = openDialog();
    submit();
    controls.reject('updatePermit', {});
    await settled();
    dismiss();
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(close).toHaveBeenCalledTimes(1);
    expect(refreshList).not.toHaveBeenCalled();
  });
});
