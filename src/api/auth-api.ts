import {
  passwordChangeResultSchema,
  profileSchema,
  tokenResponseSchema,
  type LoginCredentials,
  type PasswordChange,
  type PasswordResetConfirmation,
  type Profile,
  type RegistrationDetails,
  type TokenResponse,
} from '../../contract/auth';
import { signInWithToken } from '../identity/identity';
import { ApiError } from './api-error';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { readAnswer } from './read-answer';

export async function login(credentials: LoginCredentials): Promise<TokenResponse> {
  const { data } = await apiClient().post<unknown>(apiPaths.login, credentials);
  return readAnswer(tokenResponseSchema, data, 'POST /api/v1/auth/login/');
}

export async function register(details: RegistrationDetails): Promise<TokenResponse> {
  const { data } = await apiClient().post<unknown>(apiPaths.register, details);
  return readAnswer(tokenResponseSchema, data, 'POST /api/v1/auth/register/');
}

/**
 * Ends the session at the API host with `idToken`, the token read before this device signed out
 * of the identity provider (src/shell/session-actors.ts): by the time the call goes, the provider
 * may no longer have one to give.
 */
export async function logout(idToken: string | null): Promise<void> {
  await apiClient().post(
    apiPaths.logout,
    undefined,
    idToken ? { headers: { Authorization: `Bearer ${idToken}` } } : undefined,
  );
}

/** The profile doubles as the session's validity check, so it goes with a freshly refreshed token. */
export async function getProfile(): Promise<Profile> {
  const { data } = await apiClient().get<unknown>(apiPaths.profile, { freshToken: true });
  return readAnswer(profileSchema, data, 'GET /api/v1/auth/profile/');
}

/**
 * The change ends every session of the resident, this one included; the answer's fresh custom
 * token keeps this device signed in. The spec uses no more of the answer (docs/contract.md §7).
 */
export async function changePassword(change: PasswordChange, email: string): Promise<void> {
  let data: unknown;
  try {
    ({ data } = await apiClient().post<unknown>(apiPaths.changePassword, change));
  } catch (error) {
    if (await signedInWithNewPassword(error, email, change.new_password)) return;
    throw error;
  }
  const token = passwordChangeResultSchema.pick({ custom_token: true }).safeParse(data);
  if (token.success && token.data.custom_token) await signInWithToken(token.data.custom_token);
}

/** No answer came, or a gateway's in its place: the host may have done what was asked. */
const answerLostStatuses: readonly (number | undefined)[] = [undefined, 502, 504];

/**
 * After a change whose answer was lost: whether the host had made it. The change ends this
 * device's session at its next call, so signing in with the new password both tells and keeps
 * the device signed in. A refusal costs the resident one counted sign-in attempt, and the
 * change's own failure then shows, to be tried again.
 */
async function signedInWithNewPassword(
  failure: unknown,
  email: string,
  password: string,
): Promise<boolean> {
  if (!answerLostStatuses.includes(ApiError.from(failure).status)) return false;
  let answer: TokenResponse;
  try {
    answer = await login({ email, password });
  } catch {
    return false;
  }
  // The new password let the resident in: it was changed, whether or not this device stays in.
  if (answer.custom_token) await signInWithToken(answer.custom_token);
  return true;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient().post(apiPaths.passwordReset, { email });
}

export async function confirmPasswordReset(confirmation: PasswordResetConfirmation): Promise<void> {
  await apiClient().post(apiPaths.passwordResetConfirm, confirmation);
}
