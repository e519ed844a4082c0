import type { FastifyRequest } from 'fastify';
import type { Identity } from '../identity/firebase-identity';

/**
 * Mints the custom token the web app signs in with, for the resident's current session
 * generation. The credentials were good (or the account now exists), so a minting failure is a
 * warning the web app shows, not an error.
 */
export async function customTokenResponse(
  identity: Identity,
  request: FastifyRequest,
  resident: { id: string; sessionGeneration: number },
  warning: string,
): Promise<{ custom_token: string } | { warning: string }> {
  try {
    return {
      custom_token: await identity.createCustomToken(resident.id, resident.sessionGeneration),
    };
  } catch (error) {
    request.log.error({ err: error }, 'Minting a custom token failed');
    return { warning };
  }
}
