import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

/** The site's feature toggles (spec section 3). */
export interface SiteSettings {
  can_add_reference: boolean;
  can_schedule_permits: boolean;
  /** 0: the resident picks the end; above 0: permits end that many hours after they start. */
  default_end_date_limit_hours: number;
}

export async function getSiteSettings(): Promise<SiteSettings> {
  const { data } = await apiClient().get<SiteSettings>(apiPaths.siteSettings);
  return data;
}
