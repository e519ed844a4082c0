import type { PermitStatus } from './permit-status';

/**
 * The longest reference label the reference API host stores (server/permits/permit-input.ts); the
 * specification gives none, so the web app holds labels it makes to the host's length.
 */
export const referenceLabelMaxLength = 50;

/**
 * POST /api/v1/permits/ (docs/contract.md §3, "Permit create payload"). Times are Europe/London wall
 * times without an offset, 'yyyy-MM-ddTHH:mm:ss'.
 */
export interface PermitCreatePayload {
  /** Sent only when the site lets residents label permits. */
  reference_label?: string;
  vrm: string;
  make: string;
  model: string;
  colour: string;
  driver_first: string;
  driver_last: string;
  start_ts: string;
  /** Null: indefinite, or the site's automatic end applies. */
  end_ts: string | null;
}

/** docs/contract.md §3, "Permit". `end_ts` in year 9999, or the text 'Indefinite', means no end. */
export interface Permit {
  id: number;
  vrm: string;
  make: string;
  model: string;
  colour: string;
  reference_no: string;
  /** Truthy when the resident gave the permit a reference label. */
  label: boolean | string | null;
  driver_first: string;
  driver_last: string;
  status: PermitStatus;
  start_ts: string;
  end_ts: string;
}

/**
 * GET /api/v1/permits/ (docs/contract.md §3 and §7): results plus count, or a plain array. The app
 * hands the body over unread; a body carrying an `error` field is a failure.
 */
export type PermitListBody = { results: Permit[]; count: number } | Permit[] | { error: unknown };

/**
 * The query of GET /api/v1/permits/ (docs/contract.md §7). Dates are Europe/London wall times,
 * 'yyyy-MM-ddTHH:mm', filtering by creation date; `status` is sent once per value.
 */
export interface PermitListRequest {
  status: PermitStatus[];
  start_date: string;
  end_date: string;
  search: string;
  page: number;
}

/**
 * PATCH /api/v1/permits/{id}/full_update/ (docs/contract.md §3, "Permit update payload"). A key left
 * out is not changed; `end_ts` null means indefinite. Times as in the create payload.
 */
export interface PermitUpdatePayload {
  start_ts?: string;
  end_ts?: string | null;
}

/**
 * What activate, cancel and full_update answer on a 2xx: the body, which for an update may still
 * carry an error flag and message (docs/contract.md §8, "Update permit").
 */
export type PermitActionBody = Partial<Permit> & { error?: unknown; message?: unknown };

/** GET /api/v1/permits/permit_cap_info/ (docs/contract.md §3, "Permit-cap info"). */
export interface PermitCapInfo {
  permits_used: number;
  /** 0 means unlimited. */
  permit_cap_limit: number;
  /** Null when there is no cap. */
  permits_remaining: number | null;
  period_name: string;
  /** 'quarterly', or anything else meaning monthly. */
  permit_cap_type: string;
}
