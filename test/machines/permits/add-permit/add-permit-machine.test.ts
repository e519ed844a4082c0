import { i18n } from '../../../../src/i18n/i18n';
import { createActor, waitFor } from 'xstate';
import type { SiteSettings } from '../../../../contract/site-settings';
import { addPermitMachine } from '../../../../machines/permits/add-permit/add-permit-machine';
import { fallbackSiteSettings } from '../../../../machines/site-settings-machine';
import type { PermitFormValues } from '../../../../machines/permits/permit-form/permit-form-values';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  weeklySeriesForm,
  withControlledAddPermitActors,
} from '../../../../machines/permits/add-permit/add-permit-flow-samples';
import { activePermit } from '../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';
import {
  filledForm,
  fullSite,
  juneNoon,
  plainSite,
} from '../../../../machines/permits/permit-form/permit-form-samples';

const labelled: PermitFormValues = { ...filledForm, reference_label: 'Plumber' };

function startAddPermit(settings: SiteSettings = fullSite) {
  const controls = createActorControls();
  const navigateToMyPermits = jest.fn();
  const machine = withControlledAddPermitActors(addPermitMachine, controls).provide({
    actions: { navigateToMyPermits },
  });
  const actor = createActor(machine, { input: { clock: () => juneNoon } }).start();
  actor.send({ type: 'VRM.CHANGED', vrm: labelled.vrm });
  const submit = (values: PermitFormValues = labelled) =>
    actor.send({ type: 'SUBMIT', values, settings });
  const settled = () =>
    waitFor(
      actor,
      (snapshot) =>
        snapshot.matches('succeeded') || snapshot.matches({ form: { submission: 'failed' } }),
    );
  const findingOverlap = () =>
    waitFor(actor, (snapshot) => snapshot.matches({ form: { submission: 'findingOverlap' } }));
  return { actor, controls, navigateToMyPermits, submit, settled, findingOverlap };
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
  it('starts on the form, with no message', () => {
    const { actor } = startAddPermit();
    expect(actor.getSnapshot().value).toEqual({
      form: { registration: 'recognised', submission: 'editing' },
    });
    expect(actor.getSnapshot().context).toMatchObject({ errorMessage: null });
  });

  it('sends the payload built from the submitted values, the settings and the clock', async () => {
    const { actor, controls, submit } = startAddPermit();
    submit();
    expect(actor.getSnapshot().value).toEqual({
      form: { registration: 'recognised', submission: 'submitting' },
    });
    expect(controls.inputs('createPermit')).toEqual([expectedPayload]);
  });

  it('builds the payload with the fallback settings after a settings failure', async () => {
    const { controls, submit } = startAddPermit(fallbackSiteSettings);
    submit({ ...labelled, schedule: true, start: '2026-06-02T09:00' });
    const [payload] = controls.inputs('createPermit');
    expect(payload).not.toHaveProperty('reference_label');
    expect(payload).toMatchObject({ vrm: 'AB12CDE', start_ts: '2026-06-01T12:00:00' });
  });

  it('sends one request for a double submit', async () => {
    const { controls, submit } = startAddPermit(plainSite);
    submit();
    submit();
    submit({ ...labelled, make: 'Vauxhall' });
    expect(controls.inputs('createPermit')).toHaveLength(1);
  });

  it.each([201, 202])('succeeds on HTTP %i and goes to My Permits once', async (status) => {
    const { controls, navigateToMyPermits, submit, settled } = startAddPermit();
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
    const { controls, navigateToMyPermits, submit, settled } = startAddPermit();
    submit();
    controls.resolve('createPermit', { status: 200 });
    const failed = await settled();
    expect(failed.value).toMatchObject({ form: { submission: 'failed' } });
    expect(failed.context.errorMessage).toBe('Failed to create permit. Please try again.');
    expect(navigateToMyPermits).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the permit limit',
      { status: 400, body: { non_field_errors: ['You have reached your permit limit'] } },
      'You have reached your permit limit',
    ],
    ['a network error', new Error('Network Error'), 'Failed to create permit. Please try again.'],
  ])('fails with the mapped message on %s', async (_, error, message) => {
    const { controls, navigateToMyPermits, submit, settled } = startAddPermit();
    submit();
    controls.reject('createPermit', error);
    const failed = await settled();
    expect(failed.value).toMatchObject({ form: { submission: 'failed' } });
    expect(failed.context.errorMessage).toBe(message);
    expect(navigateToMyPermits).not.toHaveBeenCalled();
  });

  describe('after an overlap refusal', () => {
    const overlapRefusal = {
      status: 400,
      body: { non_field_errors: ['A permit for this VRM and time already exists'] },
    };

    it('looks for the resident’s permit in the way with what was sent, and names it', async () => {
      const { controls, submit, settled, findingOverlap } = startAddPermit();
      submit();
      controls.reject('createPermit', overlapRefusal);
      await findingOverlap();
      expect(controls.inputs('findOverlappingPermit')).toEqual([expectedPayload]);
      // No second create while it looks.
      submit();
      expect(controls.inputs('createPermit')).toHaveLength(1);
      controls.resolve('findOverlappingPermit', {
        ...activePermit,
        reference_no: 'KB-0042',
        start_ts: '2026-06-02T09:00:00.000Z',
        end_ts: '2026-06-03T09:00:00.000Z',
      });
      const failed = await settled();
      expect(failed.context.errorMessage).toBe(
        'Overlapping permit detected — adjust or cancel the other permit first.',
      );
      expect(i18n._(failed.context.errorDetail!)).toBe(
        'It overlaps your permit for AB12CDE (reference KB-0042), 02/06/2026 10:00 to 03/06/2026 10:00.',
      );
    });

    it('says the vehicle’s permit is not the resident’s when none of theirs is in the way', async () => {
      const { controls, submit, settled, findingOverlap } = startAddPermit();
      submit();
      controls.reject('createPermit', overlapRefusal);
      await findingOverlap();
      controls.resolve('findOverlappingPermit', null);
      expect(i18n._((await settled()).context.errorDetail!)).toBe(
        'This vehicle already has a permit at this address for that time.',
      );
    });

    it('shows the spec’s message alone when the permits cannot be read, and a retry clears it', async () => {
      const { actor, controls, submit, settled, findingOverlap } = startAddPermit();
      submit();
      controls.reject('createPermit', overlapRefusal);
      await findingOverlap();
      controls.reject('findOverlappingPermit', new Error('Network Error'));
      const failed = await settled();
      expect(failed.context.errorMessage).toBe(
        'Overlapping permit detected — adjust or cancel the other permit first.',
      );
      expect(failed.context.errorDetail).toBeNull();
      submit();
      expect(actor.getSnapshot().context).toMatchObject({ errorMessage: null, errorDetail: null });
    });

    it('does not look for one after any other refusal', async () => {
      const { controls, submit, settled } = startAddPermit();
      submit();
      controls.reject('createPermit', {
        status: 400,
        body: { non_field_errors: ['You have reached your permit limit'] },
      });
      expect((await settled()).context.errorDetail).toBeNull();
      expect(controls.inputs('findOverlappingPermit')).toEqual([]);
    });
  });

  it('retries from the failed state with the values the form now holds, clearing the message', async () => {
    const { actor, controls, submit, settled } = startAddPermit();
    submit();
    controls.reject('createPermit', {
      status: 400,
      body: { non_field_errors: ['You have reached your permit limit'] },
    });
    await settled();
    submit({ ...labelled, end: '2026-06-01T18:00' });
    expect(actor.getSnapshot().value).toEqual({
      form: { registration: 'recognised', submission: 'submitting' },
    });
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
    actor.send({ type: 'VRM.CHANGED', vrm: filledForm.vrm });
    actor.send({ type: 'SUBMIT', values: filledForm, settings: plainSite });
    controls.reject('createPermit', {});
    await waitFor(actor, (snapshot) => snapshot.matches({ form: { submission: 'failed' } }));
    actor.send({ type: 'SUBMIT', values: filledForm, settings: plainSite });
    const starts = controls
      .inputs('createPermit')
      .map((payload) => (payload as { start_ts: string }).start_ts);
    expect(starts).toEqual(['2026-06-01T12:00:00', '2026-06-01T12:05:00']);
  });

  describe('the registration', () => {
    it.each([
      ['', 'blank', null],
      ['kx19 abc', 'recognised', null],
      ['AB12 C0E', 'suggesting', 'AB12 COE'],
      ['CD 123 456', 'confirming', null],
    ])('reads %p as %s', (vrm, state, suggestion) => {
      const { actor } = startAddPermit();
      actor.send({ type: 'VRM.CHANGED', vrm });
      expect(actor.getSnapshot().value).toEqual({
        form: { registration: state, submission: 'editing' },
      });
      expect(actor.getSnapshot().context.suggestion).toBe(suggestion);
    });

    it('sends the suggestion once the resident uses it', () => {
      const { actor, controls, submit } = startAddPermit();
      actor.send({ type: 'VRM.CHANGED', vrm: 'AB12 C0E' });
      actor.send({ type: 'VRM.CHANGED', vrm: 'AB12 COE' });
      expect(actor.getSnapshot().context.suggestion).toBeNull();
      submit({ ...labelled, vrm: 'AB12 COE' });
      expect(controls.inputs('createPermit')).toMatchObject([{ vrm: 'AB12COE' }]);
    });
  });

  describe('a weekly series', () => {
    const threeWeeks: PermitFormValues = { ...weeklySeriesForm, weeks: '3' };
    const starts = (inputs: unknown[]) =>
      inputs.map((input) => (input as { start_ts: string }).start_ts);
    const inSeries = {
      form: { registration: 'recognised', submission: 'creatingSeries' },
    } as const;

    it('sends one week at a time, a week apart, and goes to My Permits when all are made', async () => {
      const { actor, controls, navigateToMyPermits, submit } = startAddPermit();
      submit(threeWeeks);
      expect(actor.getSnapshot().matches(inSeries)).toBe(true);
      // A double click while the series goes out sends nothing more.
      submit(threeWeeks);
      for (let week = 0; week < 3; week += 1) {
        expect(controls.isRunning('createWeek')).toBe(true);
        controls.resolve('createWeek', { status: 201 });
        await Promise.resolve();
      }
      await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
      expect(starts(controls.inputs('createWeek'))).toEqual([
        '2026-06-08T18:00:00',
        '2026-06-15T18:00:00',
        '2026-06-22T18:00:00',
      ]);
      expect(controls.inputs('createPermit')).toEqual([]);
      expect(navigateToMyPermits).toHaveBeenCalledTimes(1);
    });

    it('after a partial failure keeps what was made, and a retry sends only the rest', async () => {
      const { actor, controls, navigateToMyPermits, submit } = startAddPermit();
      submit(threeWeeks);
      controls.resolve('createWeek', { status: 201 });
      await waitFor(actor, () => controls.inputs('createWeek').length === 2);
      controls.reject('createWeek', {
        status: 400,
        body: { non_field_errors: ['You have reached your permit limit'] },
      });
      await waitFor(actor, () => controls.inputs('createWeek').length === 3);
      controls.resolve('createWeek', { status: 201 });
      const incomplete = await waitFor(actor, (snapshot) =>
        snapshot.matches({ form: { submission: 'seriesIncomplete' } }),
      );
      expect(
        incomplete.context.series.map(({ startsAt, outcome, reason }) => [
          startsAt,
          outcome,
          reason,
        ]),
      ).toEqual([
        ['08/06/2026 18:00', 'made', null],
        ['15/06/2026 18:00', 'not-made', 'You have reached your permit limit'],
        ['22/06/2026 18:00', 'made', null],
      ]);
      expect(navigateToMyPermits).not.toHaveBeenCalled();

      submit(threeWeeks);
      await waitFor(actor, () => controls.inputs('createWeek').length === 4);
      controls.resolve('createWeek', { status: 201 });
      await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
      expect(starts(controls.inputs('createWeek'))).toEqual([
        '2026-06-08T18:00:00',
        '2026-06-15T18:00:00',
        '2026-06-22T18:00:00',
        '2026-06-15T18:00:00',
      ]);
    });

    it('sends a single permit when Repeat weekly is ticked without a scheduled start', () => {
      const { controls, submit } = startAddPermit();
      submit({ ...threeWeeks, schedule: false, start: '' });
      expect(controls.inputs('createWeek')).toEqual([]);
      expect(controls.inputs('createPermit')).toHaveLength(1);
    });
  });
});
