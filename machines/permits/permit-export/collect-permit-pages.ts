import type { Permit } from '../../../contract/permit';
import type { ListAnswer } from '../rules/read-permit-list-body';
import { pageCount } from '../rules/permit-list-pages';

/** Pages read side by side once the first has told how many there are. */
const pagesAtOnce = 4;

/**
 * Every permit the list query matches, across all its pages, in the list's order: the first page
 * gives the count, the rest are read a few at a time. `onProgress` hears how many permits are in
 * hand after each page. A page gone meanwhile (the list shrank) ends the list there.
 */
export async function collectPermitPages(
  fetchPage: (page: number) => Promise<ListAnswer>,
  onProgress: (progress: { collected: number; total: number }) => void,
): Promise<Permit[]> {
  const first = await fetchPage(1);
  if (first.kind === 'pageGone') return [];
  const total = first.count;
  const pages: Permit[][] = [first.permits];
  let collected = first.permits.length;
  onProgress({ collected, total });
  const lastPage = pageCount(total);
  for (let from = 2; from <= lastPage; from += pagesAtOnce) {
    const numbers = Array.from(
      { length: Math.min(pagesAtOnce, lastPage - from + 1) },
      (_, index) => from + index,
    );
    const answers = await Promise.all(numbers.map((page) => fetchPage(page)));
    for (const answer of answers) {
      if (answer.kind === 'pageGone') return pages.flat();
      pages.push(answer.permits);
      collected += answer.permits.length;
    }
    onProgress({ collected: Math.min(collected, total), total });
  }
  return pages.flat();
}
