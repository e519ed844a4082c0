import { pino } from 'pino';

interface QueryFailure {
  query?: unknown;
  params?: unknown;
  code?: unknown;
  constraint?: unknown;
}

/** The SQL's first words up to the table ("insert into "users""), never its values. */
function describeStatement(query: string): string {
  const words =
    /^\s*(?:with\b.*?\)\s*)?(select|insert into|update|delete from)\s+("[^"]+"|\S+)/is.exec(query);
  return words ? `${words[1]!.toLowerCase()} ${words[2]}` : 'a database statement';
}

/**
 * pino's error serializer, except for a failed database statement: Drizzle's error carries the
 * whole statement and its parameters (an e-mail, a password hash) in its message and stack, and
 * the driver's error may quote a value in its message or detail. Such an error is logged as the
 * statement's first words and the SQLSTATE code alone (test/server/log-secrets.test.ts).
 */
export function serializeLogError(error: unknown): unknown {
  if (!(error instanceof Error)) return pino.stdSerializers.err(error as Error);
  let statement: string | undefined;
  let code: string | undefined;
  let constraint: string | undefined;
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const failure = current as QueryFailure;
    if (statement === undefined && typeof failure.query === 'string' && 'params' in failure) {
      statement = describeStatement(failure.query);
    }
    if (
      code === undefined &&
      typeof failure.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(failure.code)
    ) {
      code = failure.code;
      if (typeof failure.constraint === 'string') constraint = failure.constraint;
    }
  }
  if (statement === undefined && code === undefined) return pino.stdSerializers.err(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: error.constructor.name,
    message: `Database statement failed: ${statement ?? 'a database statement'}`,
    code,
    constraint,
    stack: frames.join('\n'),
  };
}
