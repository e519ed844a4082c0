/** DRF-shaped error bodies: `{"detail": "..."}` or `{"field": ["..."], "non_field_errors": [...]}`. */
export type ErrorBody = { detail: string } | Record<string, string[]>;

/** Thrown by handlers; the app's error handler answers with exactly this status and body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.name = 'HttpError';
  }
}
