import type { Permit } from '../../../contract/permit';

function samePermit(a: Permit, b: Permit): boolean {
  const fields = Object.keys(a) as Array<keyof Permit>;
  return fields.length === Object.keys(b).length && fields.every((field) => a[field] === b[field]);
}

/**
 * Whether two answers list the same permits, field for field, in the same order. My Permits looks
 * again every few seconds while a permit is pending; an answer that says what the rows already say
 * keeps the rows as they are, so the screen has nothing to draw again (docs/performance.md).
 */
export function permitListsEqual(a: readonly Permit[], b: readonly Permit[]): boolean {
  return a.length === b.length && a.every((permit, index) => samePermit(permit, b[index]!));
}
