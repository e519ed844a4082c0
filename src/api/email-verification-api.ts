import { emailVerificationSchema, type EmailVerification } from '../../contract/email-verification';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { readAnswer } from './read-answer';

/** GET /api/v1/me/email-verification/ (an optional capability of the host). */
export async function getEmailVerification(): Promise<EmailVerification> {
  const { data } = await apiClient().get<unknown>(apiPaths.emailVerification);
  return readAnswer(emailVerificationSchema, data, 'GET /api/v1/me/email-verification/');
}

/** POST /api/v1/me/email-verification/: the host mails the confirmation link again. */
export async function sendEmailVerificationAgain(): Promise<EmailVerification> {
  const { data } = await apiClient().post<unknown>(apiPaths.emailVerification);
  return readAnswer(emailVerificationSchema, data, 'POST /api/v1/me/email-verification/');
}
