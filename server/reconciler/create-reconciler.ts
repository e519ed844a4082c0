import type { Database } from '../db/database';
import { loadLogLevel } from '../config';
import { createHostLogger, type HostLogger } from '../logging/create-host-logger';
import type { ParkingProvider } from '../provider/parking-provider';
import { claimDuePermits } from './claim-due-permits';
import { processClaimedPermit } from './process-claimed-permit';
import { defaultReconcilerSettings, type ReconcilerSettings } from './reconciler-settings';

export interface ReconcilerOptions {
  db: Database;
  provider: ParkingProvider;
  settings?: Partial<ReconcilerSettings>;
  /**
   * The process's logger, where a failed round or step is reported (the loop itself carries
   * on); default a new one at LOG_LEVEL.
   */
  log?: Pick<HostLogger, 'error'>;
  /** [0, 1) for the jitter of retry backoffs; default Math.random (tests pass a seeded one). */
  random?: () => number;
}

export interface Reconciler {
  /** Starts polling; a second call does nothing. */
  start(): void;
  /** Starts a round now instead of at the next poll (or right after the current round). */
  wake(): void;
  /** Stops polling and resolves once the permits in hand are processed and released. */
  stop(): Promise<void>;
}

/**
 * The permit reconciler: polls for due permits, claims a batch at a time under a lease and
 * carries each through its next step against the parking provider, with retries and backoff.
 * Any number of reconcilers, in one process or several, may share one database.
 */
export function createReconciler(options: ReconcilerOptions): Reconciler {
  const settings: ReconcilerSettings = { ...defaultReconcilerSettings, ...options.settings };
  const log = options.log ?? createHostLogger({ level: loadLogLevel() });
  const onError = (error: unknown) =>
    log.error({ err: error }, 'Permit reconciler: a round or a permit step failed');
  let running: Promise<void> | undefined;
  let stopping = false;
  let wakeRequested = false;
  let endPause: (() => void) | undefined;

  const wake = () => {
    wakeRequested = true;
    endPause?.();
  };
  const random = options.random ?? Math.random;
  const context = { db: options.db, provider: options.provider, settings, wake, random };

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(finish, settings.intervalMs);
      function finish() {
        clearTimeout(timer);
        endPause = undefined;
        resolve();
      }
      endPause = finish;
    });

  /** Claims and processes batches until one comes back short. */
  const round = async () => {
    for (;;) {
      const batch = await claimDuePermits(options.db, settings);
      const outcomes = await Promise.allSettled(
        batch.map((claimed) => processClaimedPermit(context, claimed)),
      );
      for (const outcome of outcomes) if (outcome.status === 'rejected') onError(outcome.reason);
      if (batch.length < settings.batchSize || stopping) return;
    }
  };

  const loop = async () => {
    while (!stopping) {
      wakeRequested = false;
      try {
        await round();
      } catch (error) {
        onError(error);
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
