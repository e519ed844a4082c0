import { prettifyError, type ZodType, type output } from 'zod';
import { ApiError } from './api-error';

/**
 * Reads a 2xx answer's body through its schema in contract/. A body of another shape (a council's
 * host that answers differently, a proxy's error page) rejects like a call that got no answer, so
 * each screen shows its ordinary failure state (the spec's fallback where it names one) rather
 * than meeting a missing field later.
 */
export function readAnswer<Schema extends ZodType>(
  schema: Schema,
  body: unknown,
  call: string,
): output<Schema> {
  const read = schema.safeParse(body);
  if (read.success) return read.data;
  throw new ApiError(`${call} answered a body of another shape: ${prettifyError(read.error)}`);
}
