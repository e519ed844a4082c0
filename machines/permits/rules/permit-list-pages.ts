import { permitListPageSize } from '../../../contract/permit-rules';

export { permitListPageSize };

/** How many pages `count` permits fill; an empty list still has its one (empty) page. */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / permitListPageSize));
}
