/** How many permits one page of the list holds (docs/contract.md §9). */
export const permitListPageSize = 20;

/** How many pages `count` permits fill; an empty list still has its one (empty) page. */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / permitListPageSize));
}
