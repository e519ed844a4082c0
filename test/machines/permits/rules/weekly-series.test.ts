import fc from 'fast-check';
import { DateTime } from 'luxon';
import { londonWallTime } from '../../../../contract/london-wall-time';
import {
  nextWaitingWeek,
  seriesProgress,
  seriesReferenceLabels,
  seriesTexts,
  skippedWeekReason,
  weekReferenceLabel,
  weeklySeries,
} from '../../../../machines/permits/rules/weekly-series';
import { referenceLabelMaxLength } from '../../../../contract/permit-rules';
import { toPermitCreatePayload } from '../../../../machines/permits/add-permit/to-permit-create-payload';
import {
  filledForm,
  juneNoon,
  plainSite,
} from '../../../../machines/permits/permit-form/permit-form-samples';
import { i18n } from '../../../../src/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';

/** A text as the screen shows it in English (null stays null). */
const inEnglish = (text: MessageDescriptor | null) => text && i18n._(text);

/** A scheduled permit from 18 October 2026 at 18:00 to the next morning at 09:30. */
const first = toPermitCreatePayload(
  { ...filledForm, schedule: true, start: '2026-10-18T18:00', end: '2026-10-19T09:30' },
  { ...plainSite, can_schedule_permits: true },
  juneNoon,
);

describe('weeklySeries', () => {
  it('repeats the start and end a week apart at the same London wall time across the October change', () => {
    const weeks = weeklySeries(first, 3);
    expect(weeks.map((week) => [week.payload?.start_ts, week.payload?.end_ts])).toEqual([
      ['2026-10-18T18:00:00', '2026-10-19T09:30:00'],
      // The clocks go back on 25 October: still 18:00 and 09:30 on the wall clock.
      ['2026-10-25T18:00:00', '2026-10-26T09:30:00'],
      ['2026-11-01T18:00:00', '2026-11-02T09:30:00'],
    ]);
    expect(weeks.map((week) => week.startsAt)).toEqual([
      '18/10/2026 18:00',
      '25/10/2026 18:00',
      '01/11/2026 18:00',
    ]);
    expect(weeks.every((week) => week.outcome === 'waiting')).toBe(true);
    expect(weeks.map((week) => week.payload?.vrm)).toEqual(['AB12CDE', 'AB12CDE', 'AB12CDE']);
  });

  it('keeps the wall time across the March change, and the instants move by 167 hours there', () => {
    const weeks = weeklySeries({ ...first, start_ts: '2027-03-21T18:00:00', end_ts: null }, 2);
    expect(weeks.map((week) => week.payload?.start_ts)).toEqual([
      '2027-03-21T18:00:00',
      '2027-03-28T18:00:00',
    ]);
    const instants = weeks.map((week) => {
      const fields = DateTime.fromISO(week.payload!.start_ts, { zone: 'utc' }).toObject();
      const london = londonWallTime(fields as Parameters<typeof londonWallTime>[0]);
      if (!london.ok) throw new Error('not a London time');
      return london.instant;
    });
    expect(instants[1]!.diff(instants[0]!, 'hours').hours).toBe(167);
  });

  it('does not send a week whose wall time the clocks skip, and says why', () => {
    const weeks = weeklySeries({ ...first, start_ts: '2027-03-21T01:30:00', end_ts: null }, 2);
    expect(weeks[1]).toMatchObject({
      startsAt: '28/03/2027 01:30',
      payload: null,
      outcome: 'not-made',
      reason: skippedWeekReason,
    });
  });

  it('never plans again a week an earlier try made, however often it is retried', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (count, madeBefore) => {
          const earlier = weeklySeries(first, count).map((week, index) =>
            madeBefore[index] ? { ...week, outcome: 'made' as const } : week,
          );
          const retried = weeklySeries(first, count, earlier);
          retried.forEach((week, index) => {
            expect(week.key).toBe(earlier[index]!.key);
            expect(week.outcome === 'made').toBe(madeBefore[index]!);
            expect(week.payload === null).toBe(madeBefore[index]!);
          });
        },
      ),
    );
  });

  it('names each week by registration and wall time, so a key never names two weeks', () => {
    const keys = weeklySeries(first, 8).map((week) => week.key);
    expect(new Set(keys).size).toBe(8);
    expect(keys[0]).toBe('AB12CDE 2026-10-18T18:00:00');
  });
});

describe('reference labels of a series', () => {
  const labelled = toPermitCreatePayload(
    {
      ...filledForm,
      reference_label: ' Cousin ',
      schedule: true,
      start: '2026-11-27T19:15',
      end: '2026-11-27T22:00',
    },
    { ...plainSite, can_add_reference: true, can_schedule_permits: true },
    juneNoon,
  );

  it('gives each week the label and the date it starts, so the host never sees one label twice', () => {
    const weeks = weeklySeries(labelled, 3);
    expect(weeks.map((week) => week.payload?.reference_label)).toEqual([
      'Cousin 27/11/2026',
      'Cousin 04/12/2026',
      'Cousin 11/12/2026',
    ]);
  });

  it('sends no label where the site asks for none', () => {
    expect(weeklySeries(first, 2).map((week) => 'reference_label' in week.payload!)).toEqual([
      false,
      false,
    ]);
  });

  it('shortens a long label, never the date, to the length the host stores', () => {
    const long = 'x'.repeat(referenceLabelMaxLength);
    const label = weekReferenceLabel(long, DateTime.fromISO('2026-12-04T19:15', { zone: 'utc' }));
    expect(label).toHaveLength(referenceLabelMaxLength);
    expect(label.endsWith(' 04/12/2026')).toBe(true);
  });

  it('shows the labels before submitting, once label, start and number of weeks are whole', () => {
    expect(seriesReferenceLabels('Cousin', '2026-11-27T19:15', '2')).toEqual([
      'Cousin 27/11/2026',
      'Cousin 04/12/2026',
    ]);
    expect(
      i18n._(seriesTexts.labels(seriesReferenceLabels('Cousin', '2026-11-27T19:15', '2'))),
    ).toBe('Each week gets its own reference label: Cousin 27/11/2026, Cousin 04/12/2026.');
    expect(seriesReferenceLabels('', '2026-11-27T19:15', '2')).toEqual([]);
    expect(seriesReferenceLabels('Cousin', '2026--27T19:', '2')).toEqual([]);
    expect(seriesReferenceLabels('Cousin', '2026-11-27T19:15', '9')).toEqual([]);
    expect(seriesReferenceLabels('Cousin', '2026-11-27T19:15', 'two')).toEqual([]);
  });
});

describe('seriesProgress', () => {
  it('counts the week going out in the whole series: "Creating 2 of 3…"', () => {
    const weeks = weeklySeries(first, 3);
    expect(inEnglish(seriesProgress(weeks))).toBe('Creating 1 of 3…');
    const oneMade = weeks.map((week, index) =>
      index === 0 ? { ...week, outcome: 'made' as const } : week,
    );
    expect(nextWaitingWeek(oneMade)).toBe(oneMade[1]);
    expect(inEnglish(seriesProgress(oneMade))).toBe('Creating 2 of 3…');
    expect(
      inEnglish(seriesProgress(oneMade.map((week) => ({ ...week, outcome: 'made' as const })))),
    ).toBe(null);
  });
});
