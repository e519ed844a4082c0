import type { Database } from '../../../server/db/database';
import { createHostLogger } from '../../../server/logging/create-host-logger';
import { createPermitMailDispatcher } from '../../../server/mail/create-permit-mail-dispatcher';
import type { Mailer } from '../../../server/mail/mailer';
import type { PermitMailSettings } from '../../../server/mail/permit-mail-settings';
import type { ParkingProvider } from '../../../server/provider/parking-provider';
import { createReconciler } from '../../../server/reconciler/create-reconciler';
import { recordingProvider, testReconcilerSettings } from './reconciler-fixtures';

export interface PermitWorkers {
  /** Stops both, after the work they have in hand. */
  stop(): Promise<void>;
}

export interface PermitWorkersOptions {
  /** Where the permit mails go. */
  mailer: Mailer;
  /** The base of the mails' switch-off links: the test's API host. */
  publicUrl(): string;
  /** The parking provider; by default one that takes every call at once. */
  provider?: ParkingProvider;
  mailSettings?: Partial<PermitMailSettings>;
}

/**
 * What runs beside an API host's routes, as quick as tests want it, started on `db`: the
 * reconciler (QUEUED to ACTIVE and the rest) and the permit mail dispatcher (confirmations and
 * reminders), both logging nothing.
 */
export function startPermitWorkers(db: Database, options: PermitWorkersOptions): PermitWorkers {
  const log = createHostLogger({ level: 'silent' });
  const reconciler = createReconciler({
    db,
    provider: options.provider ?? recordingProvider().provider,
    settings: testReconcilerSettings,
    log,
  });
  const dispatcher = createPermitMailDispatcher({
    db,
    mailer: options.mailer,
    settings: { intervalMs: 20, leaseMs: 5000, ...options.mailSettings },
    publicUrl: options.publicUrl,
    log,
  });
  reconciler.start();
  dispatcher.start();
  return {
    stop: async () => {
      await reconciler.stop();
      await dispatcher.stop();
    },
  };
}
