/** Where stopOnSignals reports: the process's logger, or the console of a development script. */
export interface StopLog {
  info(message: string): void;
  error(error: unknown): void;
}

/**
 * For a long-running command: on the first SIGINT or SIGTERM, says what it is doing, runs `stop`
 * once (later signals wait for it), then exits 0, or 1 when stopping failed.
 */
export function stopOnSignals(
  announce: (signal: NodeJS.Signals) => string,
  stop: () => Promise<void>,
  log: StopLog = { info: console.log, error: console.error },
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(announce(signal));
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
