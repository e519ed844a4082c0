import type { Database } from '../db/database';
import { loadLogLevel } from '../config';
import { createHostLogger, type HostLogger } from '../logging/create-host-logger';
import type { ParkingProvider } from '../provider/parking-provider';
import { createPollingLoop, type PollingLoop } from '../polling/create-polling-loop';
import { claimDuePermits } from './claim-due-permits';
import { createActivationReservations } from './activation-reservations';
import { processClaimedPermit, reserveActivationInTransaction } from './process-claimed-permit';
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

/** Its stop() resolves once the permits in hand are processed and released. */
export type Reconciler = PollingLoop;

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
  // A cancel that won a race asks for another round at once (process-claimed-permit.ts).
  const wake = () => loop.wake();
  const random = options.random ?? Math.random;
  const reserveActivation = createActivationReservations(
    options.db,
    reserveActivationInTransaction,
  );
  const context = {
    db: options.db,
    provider: options.provider,
    settings,
    wake,
    random,
    reserveActivation,
  };

  const loop = createPollingLoop({
    intervalMs: settings.intervalMs,
    batchSize: settings.batchSize,
    claim: () => claimDuePermits(options.db, settings),
    process: (claimed) => processClaimedPermit(context, claimed),
    onError,
  });
  return loop;
}
