import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { hostTexts } from '../../contract/host-texts';

/** Django REST framework's text for a NUL in a string field. */
export const nullCharacterMessage = 'Null characters are not allowed.';

function holdsNull(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNull);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNull(inner));
  }
  return false;
}

function nullFieldErrors(fields: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return errors;
  for (const [key, value] of Object.entries(fields)) {
    if (key.includes('\u0000')) errors.non_field_errors = [nullCharacterMessage];
    else if (holdsNull(value)) errors[key] = [nullCharacterMessage];
  }
  return errors;
}

/**
 * Refuses a NUL (U+0000) anywhere in a request's JSON fields or query parameters, as DRF refuses
 * it in every string field: PostgreSQL's text cannot hold one, so it would otherwise reach the
 * database as a 500. Answers 400 with the field's name, or non_field_errors for a key.
 */
export function refuseNullCharacters(request: FastifyRequest): void {
  const errors = { ...nullFieldErrors(request.query), ...nullFieldErrors(request.body) };
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
  // A path parameter with a NUL names nothing there is.
  if (holdsNull(request.params)) throw new HttpError(404, { detail: hostTexts.notFound });
}
