/** GET /api/v1/site-settings/ (spec section 3, "Site settings"). */
export interface SiteSettings {
  can_add_reference: boolean;
  can_schedule_permits: boolean;
  /** 0: the resident picks the end; above 0: the permit ends that many hours after its start. */
  default_end_date_limit_hours: number;
}

/**
 * What the add-permit form holds (Formik owns it). Dates are the values of `datetime-local`
 * inputs, 'yyyy-MM-ddTHH:mm' read as Europe/London wall time, or '' when empty.
 */
export interface PermitFormValues {
  reference_label: string;
  vrm: string;
  make: string;
  model: string;
  colour: string;
  driver_first: string;
  driver_last: string;
  end: string;
  indefinite: boolean;
  schedule: boolean;
  start: string;
  acknowledged: boolean;
}

/**
 * POST /api/v1/permits/ (spec section 3, "Permit create payload"). Times are Europe/London wall
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
