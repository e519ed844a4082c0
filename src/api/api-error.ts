import { isAxiosError } from 'axios';
import type { HttpFailure } from '../../machines/http-failure';

/**
 * How every API call fails: the HTTP status (undefined when no answer came back, e.g. a network
 * error or no identity token) and the parsed response body, which the machines map to the spec's
 * messages.
 */
export class ApiError extends Error implements HttpFailure {
  readonly status?: number;
  readonly body?: unknown;

  constructor(message: string, failure: HttpFailure & { cause?: unknown } = {}) {
    super(message, { cause: failure.cause });
    this.name = 'ApiError';
    this.status = failure.status;
    this.body = failure.body;
  }

  static from(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    if (isAxiosError(error)) {
      return new ApiError(error.message, {
        status: error.response?.status,
        body: error.response?.data,
        cause: error,
      });
    }
    return new ApiError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
