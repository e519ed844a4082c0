import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { hostTexts } from '../../contract/host-texts';

/** Django REST framework's text for a NUL in a string field. */
export const nullCharacterMessage = 'Null characters are not allowed.';

/**
 * Whether a NUL is in the value, its keys included. A walk with a list of its own, not a
 * recursion: a body nested some thousands deep, which the JSON parser reads, overflowed the
 * stack here, a 500 on every route before any sign-in or throttle.
 */
function holdsNull(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const inner of next) pending.push(inner);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
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
