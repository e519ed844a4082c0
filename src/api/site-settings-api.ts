import type { SiteSettings } from '../../contract/site-settings';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export async function getSiteSettings(): Promise<SiteSettings> {
  const { data } = await apiClient().get<SiteSettings>(apiPaths.siteSettings);
  return data;
}
