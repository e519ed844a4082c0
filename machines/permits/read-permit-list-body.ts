import { pageCount, permitListPageSize } from './permit-list-filters';
import type { Permit } from '../../contract/permit';

/** What one answer of the list call means for the list. */
export type ListOutcome =
  { kind: 'listed'; permits: Permit[]; count: number } | { kind: 'pageGone' } | { kind: 'failed' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Spec sections 3 and 7: `{results, count}`, or a plain array (the whole list, unpaged: the
 * page's slice is shown so the pagination texts stay true); a body carrying `error` is a failure.
 */
export function readPermitListBody(body: unknown, page: number): ListOutcome {
  if (Array.isArray(body)) {
    if (page > pageCount(body.length)) return { kind: 'pageGone' };
    const first = (page - 1) * permitListPageSize;
    return {
      kind: 'listed',
      permits: (body as Permit[]).slice(first, first + permitListPageSize),
      count: body.length,
    };
  }
  if (!isRecord(body) || 'error' in body) return { kind: 'failed' };
  const { results, count } = body;
  if (!Array.isArray(results)) return { kind: 'failed' };
  return {
    kind: 'listed',
    permits: results as Permit[],
    count: typeof count === 'number' ? count : results.length,
  };
}
