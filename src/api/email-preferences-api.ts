import type { EmailPreferences } from '../../contract/email-preferences';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

/** GET /api/v1/me/email-preferences/ (docs/contract.md, an optional capability of the host). */
export async function getEmailPreferences(): Promise<EmailPreferences> {
  const { data } = await apiClient().get<EmailPreferences>(apiPaths.emailPreferences);
  return data;
}

/** PUT /api/v1/me/email-preferences/: both choices; the host answers with what it stored. */
export async function putEmailPreferences(
  preferences: EmailPreferences,
): Promise<EmailPreferences> {
  const { data } = await apiClient().put<EmailPreferences>(apiPaths.emailPreferences, preferences);
  return data;
}
