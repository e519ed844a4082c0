import type { Permit } from '../../../../contract/permit';
import { readPermitListBody } from '../../../../machines/permits/rules/read-permit-list-body';

describe('readPermitListBody', () => {
  const permit: Permit = {
    id: 1,
    vrm: 'AB12CDE',
    make: 'Ford',
    model: 'Focus',
    colour: 'Blue',
    reference_no: 'R-1',
    label: null,
    driver_first: '',
    driver_last: '',
    status: 'QUEUED',
    start_ts: '2026-11-22T09:00:00',
    end_ts: '2026-11-23T09:00:00',
  };

  test('a paged answer gives its count, not the length of the page', () => {
    expect(readPermitListBody({ results: [permit], count: 23 }, 1)).toEqual({
      kind: 'listed',
      permits: [permit],
      count: 23,
    });
  });

  test('a plain array gives its length', () => {
    expect(readPermitListBody([permit, { ...permit, id: 2 }], 1)).toMatchObject({ count: 2 });
  });

  test('a body carrying an error field is no total', () => {
    expect(readPermitListBody({ error: 'Something went wrong' }, 1)).toEqual({ kind: 'failed' });
  });
});
