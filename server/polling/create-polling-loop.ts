/** A background loop that runs rounds of work, pausing between them unless woken. */
export interface PollingLoop {
  /** Starts polling; a second call does nothing. */
  start(): void;
  /** Starts a round now instead of at the next poll (or right after the current round). */
  wake(): void;
  /** Stops polling and resolves once the current round is over. */
  stop(): Promise<void>;
}

export interface PollingLoopOptions<Claimed> {
  /** Pause between rounds when nothing woke the loop. */
  intervalMs: number;
  /** The most items one claim takes; a shorter batch ends the round. */
  batchSize: number;
  /** Work done once at the start of each round, before the first claim. */
  beforeRound?: () => Promise<void>;
  /** Claims up to batchSize items under a lease. */
  claim(): Promise<Claimed[]>;
  /** Carries one claimed item through; the batch's items run side by side. */
  process(claimed: Claimed): Promise<void>;
  /** A round or an item that threw: reported, and the loop carries on. */
  onError(error: unknown): void;
}

/**
 * The claim-process-pause loop the permit reconciler (server/reconciler/create-reconciler.ts) and
 * the permit mail dispatcher (server/mail/create-permit-mail-dispatcher.ts) share: each round
 * claims and processes batches until one comes back short, then pauses until the next poll or a
 * wake().
 */
export function createPollingLoop<Claimed>(options: PollingLoopOptions<Claimed>): PollingLoop {
  let running: Promise<void> | undefined;
  let stopping = false;
  let wakeRequested = false;
  let endPause: (() => void) | undefined;

  const wake = () => {
    wakeRequested = true;
    endPause?.();
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(finish, options.intervalMs);
      function finish() {
        clearTimeout(timer);
        endPause = undefined;
        resolve();
      }
      endPause = finish;
    });

  const round = async () => {
    await options.beforeRound?.();
    for (;;) {
      const batch = await options.claim();
      const outcomes = await Promise.allSettled(batch.map((claimed) => options.process(claimed)));
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') options.onError(outcome.reason);
      }
      if (batch.length < options.batchSize || stopping) return;
    }
  };

  const loop = async () => {
    while (!stopping) {
      wakeRequested = false;
      try {
        await round();
      } catch (error) {
        options.onError(error);
      }
      if (!stopping && !wakeRequested) await pause();
    }
  };

  return {
    start() {
      if (running || stopping) return;
      running = loop();
    },
    wake,
    async stop() {
      stopping = true;
      endPause?.();
      await running;
    },
  };
}
