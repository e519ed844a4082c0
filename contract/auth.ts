/** The resident's profile from GET /api/v1/auth/profile/ (docs/contract.md §3). */
export interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  active_registrations: number;
  permit_limit: number;
}

/** What POST /api/v1/auth/login/ and /register/ answer with on success. */
export interface TokenResponse {
  custom_token?: string | null;
  warning?: string | null;
}

export interface LoginCredentials {
  email: string;
  password: string;
}

/** Registration payload, docs/contract.md §3. */
export interface RegistrationDetails {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  invite_code: string;
}

/** POST /api/v1/auth/change-password/ (docs/contract.md §3). */
export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/**
 * What POST /api/v1/auth/change-password/ answers with: the change ends every session, so it
 * carries a fresh custom token for the device that made it (or a warning when minting failed).
 */
export interface PasswordChangeResult extends TokenResponse {
  detail: string;
}

/** POST /api/v1/auth/password-reset-confirm/ (docs/contract.md §3); uid and token come from the link. */
export interface PasswordResetConfirmation {
  uid: string;
  token: string;
  password: string;
}
