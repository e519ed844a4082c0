import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { serializeLogError } from './serialize-log-error';
import { serializeLogRequest } from './serialize-log-request';

export type HostLogger = Logger;

export interface HostLoggerOptions {
  /** LOG_LEVEL (server/config.ts); `silent` logs nothing. */
  level: LevelWithSilent;
  /** Where the JSON lines go; default standard output, in asynchronous batches (tests pass a
   *  stream to read them back). */
  destination?: DestinationStream;
}

/**
 * The one logger of an API host or worker process: pino, as Fastify uses it, one JSON object a
 * line. The app hands it to Fastify (request ids come from there), the mailer and the reconciler.
 * Nothing logs a request's headers or body; should a header ever be logged, its credentials are
 * censored. Fastify takes these serializers over its own: a request's URL is logged without the
 * tokens of its query, and a failed database statement without its parameters
 * (test/server/log-secrets.test.ts).
 */
export function createHostLogger(options: HostLoggerOptions): HostLogger {
  return pino(
    {
      level: options.level,
      serializers: { req: serializeLogRequest, err: serializeLogError },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    // Standard output in batches of up to 4 KiB, written asynchronously and at least every
    // 200 ms: a busy host makes a system call per batch instead of two per request. pino flushes
    // what is left when the process exits.
    options.destination ??
      pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }),
  );
}
