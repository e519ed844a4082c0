import { createActor, waitFor } from 'xstate';
import { addPermitMachine } from '../../../machines/permits/add-permit-machine';
import type { PermitFormValues } from '../../../machines/permits/permit-form-values';
import { createActorControls } from '../actor-controls';
import { withControlledAddPermitActors } from './add-permit-machine-fixtures';
import { filledForm, fullSite, juneNoon, plainSite } from './permit-form-fixtures';

const labelled: PermitFormValues = { ...filledForm, reference_label: 'Plumber' };

function startAddPermit() {
  const controls = createActorControls();
  const navigateToMyPermits = jest.fn();
  const machine = withControlledAddPermitActors(addPermitMachine, controls).provide({
    actions: { navigateToMyPermits },
  });
  const actor = createActor(machine, { input: { clock: () => juneNoon } }).start();
  const submit = (values: PermitFormValues = labelled) => actor.send({ type: 'SUBMIT', values });
  const settled = () =>
    waitFor(actor, (snapshot) => snapshot.matches('succeeded') || snapshot.matches('failed'));
  /** Loads `settings` and waits for the form. */
  const edit = async (settings = fullSite) => {
    controls.resolve('loadSiteSettings', settings);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
  };
  return { actor, controls, navigateToMyPermits, submit, settled, edit };
}

const expectedPayload = {
  reference_label: 'Plumber',
  vrm: 'AB12CDE',
  make: 'Ford',
  model: 'Focus',
  colour: 'Blue',
  driver_first: 'Sam',
  driver_last: 'Jones',
  start_ts: '2026-06-01T12:00:00',
  end_ts: '2026-06-02T18:00:00',
};

describe('addPermitMachine', () => {
  it('loads the site settings first, with no settings and no message yet', () => {
    const { actor, controls } = startAddPermit();
    expect(actor.getSnapshot().value).toBe('loadingSettings');
    expect(actor.getSnapshot().context).toMatchObject({ settings: null, errorMessage: null });
    expect(controls.isRunning('loadSiteSettings')).toBe(true);
  });

  it('ignores a submit before the settings have loaded', () => {
    const { actor, controls, submit } = startAddPermit();
    submit();
    expect(actor.getSnapshot().value).toBe('loadingSettings');
    expect(controls.inputs('createPermit')).toEqual([]);
  });

  it('shows the form with the loaded settings', async () => {
    const { actor, edit } = startAddPermit();
    await edit();
    expect(actor.getSnapshot().context.settings).toEqual(fullSite);
  });

  it('falls back to no reference, no scheduling and a chosen end when the settings fail', async () => {
    const { actor, controls } = startAddPermit();
    controls.reject('loadSiteSettings', { status: 500 });
    const editing = await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(editing.context.settings).toEqual({
      can_add_reference: false,
      can_schedule_permits: false,
      default_end_date_limit_hours: 0,
    });
  });

  it('sends the payload built from the submitted values, the settings and the clock', async () => {
    const { actor, controls, submit, edit } = startAddPermit();
    await edit();
    submit();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(controls.inputs('createPermit')).toEqual([expectedPayload]);
  });

  it('builds the payload with the fallback settings after a settings failure', async () => {
    const { actor, controls, submit } = startAddPermit();
    controls.reject('loadSiteSettings', new Error('offline'));
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    submit({ ...labelled, schedule: true, start: '2026-06-02T09:00' });
    const [payload] = controls.inputs('createPermit');
    expect(payload).not.toHaveProperty('reference_label');
    expect(payload).toMatchObject({ vrm: 'AB12CDE', start_ts: '2026-06-01T12:00:00' });
  });

  it('sends one request for a double submit', async () => {
    const { controls, submit, edit } = startAddPermit();
    await edit(plainSite);
    submit();
    submit();
    submit({ ...labelled, make: 'Vauxhall' });
    expect(controls.inputs('createPermit')).toHaveLength(1);
  });

  it.each([201, 202])('succeeds on HTTP %i and goes to My Permits once', async (status) => {
    const { controls, navigateToMyPermits, submit, settled, edit } = startAddPermit();
    await edit();
    submit();
    expect(navigateToMyPermits).not.toHaveBeenCalled();
    controls.resolve('createPermit', { status });
    const done = await settled();
    expect(done.value).toBe('succeeded');
    expect(done.status).toBe('done');
    expect(done.context.errorMessage).toBeNull();
    expect(navigateToMyPermits).toHaveBeenCalledTimes(1);
  });

  it('treats another 2xx answer as a failure with the default message', async () => {
    const { controls, navigateToMyPermits, submit, settled, edit } = startAddPermit();
    await edit();
    submit();
    controls.resolve('createPermit', { status: 200 });
    const failed = await settled();
    expect(failed.value).toBe('failed');
    expect(failed.context.errorMessage).toBe('Failed to create permit. Please try again.');
    expect(navigateToMyPermits).not.toHaveBeenCalled();
  });

  it.each([
    [
      'an overlapping permit',
      {
        status: 400,
        body: { non_field_errors: ['A permit for this VRM and time already exists'] },
      },
      'Overlapping permit detected — adjust or cancel the other permit first.',
    ],
    [
      'the permit limit',
      { status: 400, body: { non_field_errors: ['You have reached your permit limit'] } },
      'You have reached your permit limit',
    ],
    ['a network error', new Error('Network Error'), 'Failed to create permit. Please try again.'],
  ])('fails with the mapped message on %s', async (_, error, message) => {
    const { controls, navigateToMyPermits, submit, settled, edit } = startAddPermit();
    await edit();
    submit();
    controls.reject('createPermit', error);
    const failed = await settled();
    expect(failed.value).toBe('failed');
    expect(failed.context.errorMessage).toBe(message);
    expect(navigateToMyPermits).not.toHaveBeenCalled();
  });

  it('retries from the failed state with the values the form now holds, clearing the message', async () => {
    const { actor, controls, submit, settled, edit } = startAddPermit();
    await edit();
    submit();
    controls.reject('createPermit', {
      status: 400,
      body: { non_field_errors: ['A permit for this VRM and time already exists'] },
    });
    await settled();
    submit({ ...labelled, end: '2026-06-01T18:00' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    expect(controls.inputs('createPermit')).toEqual([
      expectedPayload,
      { ...expectedPayload, end_ts: '2026-06-01T18:00:00' },
    ]);
    controls.resolve('createPermit', { status: 201 });
    expect((await settled()).value).toBe('succeeded');
  });

  it('reads the clock at each submit', async () => {
    const controls = createActorControls();
    const times = [new Date('2026-06-01T11:00:00Z'), new Date('2026-06-01T11:05:00Z')];
    const clock = (): Date => times.shift() ?? juneNoon;
    const machine = withControlledAddPermitActors(addPermitMachine, controls).provide({
      actions: { navigateToMyPermits: jest.fn() },
    });
    const actor = createActor(machine, { input: { clock } }).start();
    controls.resolve('loadSiteSettings', plainSite);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'SUBMIT', values: filledForm });
    controls.reject('createPermit', {});
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'SUBMIT', values: filledForm });
    const starts = controls
      .inputs('createPermit')
      .map((payload) => (payload as { start_ts: string }).start_ts);
    expect(starts).toEqual(['2026-06-01T12:00:00', '2026-06-01T12:05:00']);
  });
});
