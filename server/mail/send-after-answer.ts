import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Starts mail on its way after the answer; `failure` is what the log says if it fails. */
export type SendAfterAnswer = (
  log: FastifyBaseLogger,
  failure: string,
  send: () => Promise<unknown>,
) => void;

/**
 * Mail of the app's routes that leaves after the answer, so the answer waits for no mail server
 * and its timing tells nothing of what was sent; a failure is logged, never answered. Closing the
 * app waits for what is still on its way.
 */
export function sendAfterAnswer(app: FastifyInstance): SendAfterAnswer {
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all([...deliveries]);
  });
  return (log, failure, send) => {
    const delivery: Promise<void> = Promise.resolve()
      .then(send)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, failure),
      )
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  };
}
