import type { Language } from '../../machines/language/language-machine';
import { languagePreferenceSchema } from '../../contract/language';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { readAnswer } from './read-answer';

/** GET /api/v1/me/language/ (docs/contract.md, an optional capability of the host). */
export async function getLanguage(): Promise<Language> {
  const { data } = await apiClient().get<unknown>(apiPaths.language);
  return readAnswer(languagePreferenceSchema, data, 'GET /api/v1/me/language/').language;
}

/** PUT /api/v1/me/language/: the host answers with what it stored. */
export async function putLanguage(language: Language): Promise<Language> {
  const { data } = await apiClient().put<unknown>(apiPaths.language, { language });
  return readAnswer(languagePreferenceSchema, data, 'PUT /api/v1/me/language/').language;
}
