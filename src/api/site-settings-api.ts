import type { SiteSettings } from '../../machines/permits/permit-types';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export async function getSiteSettings(): Promise<SiteSettings> {
  const { data } = await apiClient().get<SiteSettings>(apiPaths.siteSettings);
  return data;
}
