/**
 * How a failed HTTP call reaches a machine: the status (undefined when no answer came back,
 * e.g. a network error) and the parsed response body. The app's API layer rejects with this
 * shape so machines never depend on the HTTP library.
 */
export interface HttpFailure {
  status?: number;
  body?: unknown;
}

export function isHttpFailure(value: unknown): value is HttpFailure {
  return typeof value === 'object' && value !== null && ('status' in value || 'body' in value);
}

/**
 * What an actor's rejection says about the HTTP call. Anything that is not an HTTP failure (a bug,
 * a provider error) reads as a call with no answer, so the generic message of each catalogue
 * applies.
 */
export function toHttpFailure(error: unknown): HttpFailure {
  return isHttpFailure(error) ? error : {};
}

/**
 * The answers of an API host that does not offer an optional capability (docs/contract.md): the
 * e-mail preferences, the visitor passes. The app then hides the feature.
 */
const notOfferedStatuses: readonly number[] = [404, 405, 501];

/** Whether a failed call means the host does not offer the capability it belongs to. */
export function isNotOffered(error: unknown): boolean {
  return notOfferedStatuses.includes(toHttpFailure(error).status ?? 0);
}
