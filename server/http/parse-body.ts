import { z } from 'zod';
import { HttpError } from './http-error';

type FieldErrors = Record<string, string[]>;

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'null';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}

// The messages Django REST framework uses, so the web app meets the same texts as in production.
function messageFor(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return 'This field is required.';
      if (input === null) return 'This field may not be null.';
      if (issue.expected === 'string') return 'Not a valid string.';
      if (issue.expected === 'boolean') return 'Must be a valid boolean.';
      if (issue.expected === 'number' || issue.expected === 'int') {
        return 'A valid integer is required.';
      }
      return 'Invalid value.';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'This field may not be blank.'
        : `Ensure this value is greater than or equal to ${String(issue.minimum)}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Ensure this field has no more than ${String(issue.maximum)} characters.`
        : `Ensure this value is less than or equal to ${String(issue.maximum)}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter a valid email address.' : 'Enter a valid value.';
    default:
      return issue.message;
  }
}

function inputAt(body: Record<string, unknown>, path: PropertyKey[]): unknown {
  const field = path[0];
  return typeof field === 'string' ? body[field] : undefined;
}

/** Collects zod's issues into DRF field errors keyed by the top-level field name. */
function fieldErrors(error: z.ZodError, body: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'non_field_errors';
    (errors[field] ??= []).push(messageFor(issue, inputAt(body, issue.path)));
  }
  return errors;
}

/**
 * Validates a JSON request body against a zod object schema and returns the parsed value, or
 * throws a 400 with DRF-shaped errors. A missing body counts as an empty object, as in DRF.
 */
export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const input = body === undefined ? {} : body;
  if (typeof input !== 'object' || Array.isArray(input) || input === null) {
    throw new HttpError(400, {
      non_field_errors: [`Invalid data. Expected a dictionary, but got ${describe(input)}.`],
    });
  }
  const record = input as Record<string, unknown>;
  const parsed = schema.safeParse(record);
  if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error, record));
  return parsed.data;
}
