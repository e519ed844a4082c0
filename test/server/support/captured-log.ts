import { Writable } from 'node:stream';
import { createHostLogger, type HostLogger } from '../../../server/logging/create-host-logger';

export interface CapturedLog {
  /** A host logger at `info` whose JSON lines this capture keeps. */
  logger: HostLogger;
  /** Every line written so far, parsed. */
  entries(): Array<Record<string, unknown>>;
  /** Everything written so far, as written. */
  text(): string;
}

/** A real host logger writing into memory, so a test can read what the host would have logged. */
export function captureLog(): CapturedLog {
  let written = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString('utf8');
      done();
    },
  });
  return {
    logger: createHostLogger({ level: 'info', destination }),
    entries: () =>
      written
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written,
  };
}
