import { isHttpFailure, type HttpFailure } from './auth-types';

/**
 * What an actor's rejection says about the HTTP call. Anything that is not an HTTP failure (a bug,
 * a provider error) reads as a call with no answer, so the generic message of each catalogue
 * applies.
 */
export function toHttpFailure(error: unknown): HttpFailure {
  return isHttpFailure(error) ? error : {};
}
