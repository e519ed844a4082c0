import { toHttpFailure } from '../../http-failure';
import { pageCount, permitListPageSize } from './permit-list-pages';
import type { Permit } from '../../../contract/permit';

/** What one answer of the list call means for the list. */
export type ListOutcome =
  { kind: 'listed'; permits: Permit[]; count: number } | { kind: 'pageGone' } | { kind: 'failed' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * docs/contract.md §3 and §7: `{results, count}`, or a plain array (the whole list, unpaged: the
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

/** What the list call settles with for the list machine: a page of permits, or the page gone. */
export type ListAnswer = Exclude<ListOutcome, { kind: 'failed' }>;

/**
 * Reads the list call's answer once, for page `page`. A 404 for a page past the first means the
 * page no longer exists (a shared link to a page since emptied, or a last page emptied by a
 * cancel under a status filter); every other failure, an error body included, rejects.
 */
export async function readPermitListAnswer(
  answer: Promise<unknown>,
  page: number,
): Promise<ListAnswer> {
  let body: unknown;
  try {
    body = await answer;
  } catch (error) {
    if (toHttpFailure(error).status === 404 && page > 1) return { kind: 'pageGone' };
    throw error;
  }
  const outcome = readPermitListBody(body, page);
  if (outcome.kind === 'failed') throw new Error('The permit list answered with an error body');
  return outcome;
}
