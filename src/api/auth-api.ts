import type {
  LoginCredentials,
  PasswordChange,
  PasswordChangeResult,
  PasswordResetConfirmation,
  Profile,
  RegistrationDetails,
  TokenResponse,
} from '../../contract/auth';
import { signInWithToken } from '../identity/identity';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export async function login(credentials: LoginCredentials): Promise<TokenResponse> {
  const { data } = await apiClient().post<TokenResponse>(apiPaths.login, credentials);
  return data;
}

export async function register(details: RegistrationDetails): Promise<TokenResponse> {
  const { data } = await apiClient().post<TokenResponse>(apiPaths.register, details);
  return data;
}

export async function logout(): Promise<void> {
  await apiClient().post(apiPaths.logout);
}

/** The profile doubles as the session's validity check, so it goes with a freshly refreshed token. */
export async function getProfile(): Promise<Profile> {
  const { data } = await apiClient().get<Profile>(apiPaths.profile, { freshToken: true });
  return data;
}

/**
 * The change ends every session of the resident, this one included; the answer's fresh custom
 * token keeps this device signed in.
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  const { data } = await apiClient().post<PasswordChangeResult>(apiPaths.changePassword, change);
  if (data.custom_token) await signInWithToken(data.custom_token);
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient().post(apiPaths.passwordReset, { email });
}

export async function confirmPasswordReset(confirmation: PasswordResetConfirmation): Promise<void> {
  await apiClient().post(apiPaths.passwordResetConfirm, confirmation);
}
