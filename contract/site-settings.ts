/** GET /api/v1/site-settings/ (docs/contract.md §3, "Site settings"). */
export interface SiteSettings {
  can_add_reference: boolean;
  can_schedule_permits: boolean;
  /** 0: the resident picks the end; above 0: the permit ends that many hours after its start. */
  default_end_date_limit_hours: number;
}
