import type { Permit } from '../../../contract/permit';

/**
 * The newest page of My Permits a resident loaded, as the device keeps it for reading without a
 * connection (src/shell/saved-permit-lists.ts stores it under the resident's uid).
 */
export interface SavedPermitList {
  /** The filters and page it answers, its dates written out (`toSavedListQuery`). */
  query: string;
  permits: Permit[];
  count: number;
  page: number;
  /** When the API host answered with it: an ISO 8601 instant. */
  loadedAt: string;
}

/** `value` when it has the shape of a saved list (the device's storage is not trusted), else null. */
export function asSavedPermitList(value: unknown): SavedPermitList | null {
  if (typeof value !== 'object' || value === null) return null;
  const saved = value as Partial<Record<keyof SavedPermitList, unknown>>;
  const wellFormed =
    typeof saved.query === 'string' &&
    Array.isArray(saved.permits) &&
    saved.permits.every((permit) => typeof permit === 'object' && permit !== null) &&
    typeof saved.count === 'number' &&
    typeof saved.page === 'number' &&
    typeof saved.loadedAt === 'string' &&
    !Number.isNaN(Date.parse(saved.loadedAt));
  return wellFormed ? (saved as SavedPermitList) : null;
}
