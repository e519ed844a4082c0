import { i18n } from '../../../../src/i18n/i18n';
import type { Permit, PermitCreatePayload } from '../../../../contract/permit';
import {
  findOverlappingPermit,
  heldPermitStatuses,
  isSameBooking,
  overlapDetail,
} from '../../../../machines/permits/add-permit/overlapping-permit';
import { activePermit } from '../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';

/** 1 June 2026, 12:00 to 2 June 18:00, London wall time, as the form sends it. */
const wanted: PermitCreatePayload = {
  vrm: 'AB12CDE',
  make: 'Ford',
  model: 'Focus',
  colour: 'Blue',
  driver_first: 'Sam',
  driver_last: 'Jones',
  start_ts: '2026-06-01T12:00:00',
  end_ts: '2026-06-02T18:00:00',
};

/** A permit of the resident's for `wanted`'s vehicle, from 2 June 09:00 to 3 June 09:00 UTC. */
const theirs: Permit = {
  ...activePermit,
  vrm: 'AB12CDE',
  reference_no: 'KB-0042',
  start_ts: '2026-06-02T09:00:00.000Z',
  end_ts: '2026-06-03T09:00:00.000Z',
};

describe('findOverlappingPermit', () => {
  it('finds the resident’s held permit for the same registration whose times meet', () => {
    expect(findOverlappingPermit([theirs], wanted)).toBe(theirs);
  });

  it('reads registrations without their spaces or case', () => {
    expect(findOverlappingPermit([{ ...theirs, vrm: 'ab12 cde' }], wanted)?.id).toBe(theirs.id);
  });

  it('passes over another vehicle, an ended permit and times that only touch', () => {
    const others: Permit[] = [
      { ...theirs, vrm: 'CD34EFG' },
      { ...theirs, status: 'CANCELLED' },
      { ...theirs, status: 'EXPIRED' },
      // Ends at 12:00 London (11:00 UTC) on 1 June, as the new one starts: [start, end) do not meet.
      { ...theirs, start_ts: '2026-05-31T09:00:00.000Z', end_ts: '2026-06-01T11:00:00.000Z' },
      // Starts at 18:00 London on 2 June, as the new one ends.
      { ...theirs, start_ts: '2026-06-02T17:00:00.000Z', end_ts: '2026-06-03T09:00:00.000Z' },
    ];
    expect(findOverlappingPermit(others, wanted)).toBeNull();
  });

  it('takes an indefinite permit, or an indefinite request, as open-ended', () => {
    const indefinite = { ...theirs, start_ts: '2026-05-01T09:00:00.000Z', end_ts: 'Indefinite' };
    expect(findOverlappingPermit([indefinite], wanted)).toBe(indefinite);
    const later = {
      ...theirs,
      start_ts: '2026-09-01T09:00:00.000Z',
      end_ts: '9999-12-01T00:00:00Z',
    };
    expect(findOverlappingPermit([later], { ...wanted, end_ts: null })).toBe(later);
  });

  it('asks only for the statuses that hold a vehicle’s times', () => {
    expect(heldPermitStatuses).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(CANCELLED|EXPIRED|FAILED|FAILED_LIMIT)$/)]),
    );
    expect(heldPermitStatuses).toEqual(expect.arrayContaining(['ACTIVE', 'SCHEDULED', 'QUEUED']));
  });
});

describe('isSameBooking', () => {
  /** `wanted` as the API host lists it once made: its London times in UTC (BST, an hour on). */
  const made: Permit = {
    ...theirs,
    vrm: 'AB12 CDE',
    status: 'SCHEDULED',
    start_ts: '2026-06-01T11:00:00.000Z',
    end_ts: '2026-06-02T17:00:00.000Z',
  };

  it('knows the booking asked for in the permit the host lists for it', () => {
    expect(isSameBooking(made, wanted)).toBe(true);
  });

  it('passes over another vehicle, a finished permit, and other times by a minute', () => {
    expect(isSameBooking({ ...made, vrm: 'CD34EFG' }, wanted)).toBe(false);
    expect(isSameBooking({ ...made, status: 'CANCELLED' }, wanted)).toBe(false);
    expect(isSameBooking({ ...made, start_ts: '2026-06-01T11:01:00.000Z' }, wanted)).toBe(false);
    expect(isSameBooking({ ...made, end_ts: '2026-06-02T17:01:00.000Z' }, wanted)).toBe(false);
    expect(isSameBooking({ ...made, end_ts: 'Indefinite' }, wanted)).toBe(false);
  });
});

describe('overlapDetail', () => {
  it('names the resident’s permit in the way, with its reference and London times', () => {
    expect(i18n._(overlapDetail(theirs))).toBe(
      'It overlaps your permit for AB12CDE (reference KB-0042), 02/06/2026 10:00 to 03/06/2026 10:00.',
    );
  });

  it('says when the resident’s permit has no end, and leaves out a missing reference', () => {
    expect(
      i18n._(overlapDetail({ ...theirs, reference_no: ' ', end_ts: '9999-12-01T00:00:00Z' })),
    ).toBe('It overlaps your permit for AB12CDE, from 02/06/2026 10:00 with no end.');
  });

  it('says the vehicle’s permit at the address is someone else’s when none is the resident’s', () => {
    expect(i18n._(overlapDetail(null))).toBe(
      'This vehicle already has a permit at this address for that time.',
    );
  });
});
