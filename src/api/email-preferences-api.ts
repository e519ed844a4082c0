import { emailPreferencesSchema, type EmailPreferences } from '../../contract/email-preferences';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { readAnswer } from './read-answer';

/** GET /api/v1/me/email-preferences/ (docs/contract.md, an optional capability of the host). */
export async function getEmailPreferences(): Promise<EmailPreferences> {
  const { data } = await apiClient().get<unknown>(apiPaths.emailPreferences);
  return readAnswer(emailPreferencesSchema, data, 'GET /api/v1/me/email-preferences/');
}

/** PUT /api/v1/me/email-preferences/: both choices; the host answers with what it stored. */
export async function putEmailPreferences(
  preferences: EmailPreferences,
): Promise<EmailPreferences> {
  const { data } = await apiClient().put<unknown>(apiPaths.emailPreferences, preferences);
  return readAnswer(emailPreferencesSchema, data, 'PUT /api/v1/me/email-preferences/');
}
