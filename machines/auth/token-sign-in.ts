import type { TokenResponse } from '../../contract/auth';

/** The custom token in an API answer, or null when the answer carries none (or an empty one). */
export function customTokenOf(answer: TokenResponse): string | null {
  return answer.custom_token ? answer.custom_token : null;
}

/** Guards shared by the machines that sign in with a custom token from the API. */
export const tokenSignInGuards = {
  hasCustomToken: (_: unknown, params: { answer: TokenResponse }) =>
    customTokenOf(params.answer) !== null,
  // The login step answers true or false (spec section 4); anything but true is a rejection.
  isAccepted: (_: unknown, params: { accepted: boolean }) => params.accepted === true,
};
