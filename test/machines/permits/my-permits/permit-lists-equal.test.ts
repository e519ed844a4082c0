import { permitListsEqual } from '../../../../machines/permits/my-permits/permit-lists-equal';
import type { Permit } from '../../../../contract/permit';
import { listedPermit } from '../../../../machines/permits/my-permits/permit-list-flow-samples';

const page = [listedPermit({ id: 1 }), listedPermit({ id: 2, vrm: 'CD34EFG' })];

test('two answers with the same permits, field for field and in order, are the same', () => {
  expect(permitListsEqual(page, structuredClone(page))).toBe(true);
  expect(permitListsEqual([], [])).toBe(true);
});

test.each([
  ['a status changed', [page[0]!, { ...page[1]!, status: 'CANCELLED' as const }]],
  ['an end changed', [page[0]!, { ...page[1]!, end_ts: '2026-06-03T18:00:00Z' }]],
  ['the order changed', [page[1]!, page[0]!]],
  ['a permit more', [...page, listedPermit({ id: 3 })]],
  ['a permit fewer', [page[0]!]],
  ['a field more', [page[0]!, { ...page[1]!, extra: 1 } as Permit]],
])('%s: not the same', (_, other) => {
  expect(permitListsEqual(page, other)).toBe(false);
});
