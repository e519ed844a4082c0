import { siteSettingsSchema, type SiteSettings } from '../../contract/site-settings';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { readAnswer } from './read-answer';

export async function getSiteSettings(): Promise<SiteSettings> {
  const { data } = await apiClient().get<unknown>(apiPaths.siteSettings);
  return readAnswer(siteSettingsSchema, data, 'GET /api/v1/site-settings/');
}
