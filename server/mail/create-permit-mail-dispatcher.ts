import { loadLogLevel } from '../config';
import type { Database } from '../db/database';
import { createHostLogger, type HostLogger } from '../logging/create-host-logger';
import { createPollingLoop, type PollingLoop } from '../polling/create-polling-loop';
import { claimDuePermitMails, queueDueReminders } from './claim-due-permit-mails';
import { withQuietRefusals, type Mailer } from './mailer';
import { defaultPermitMailSettings, type PermitMailSettings } from './permit-mail-settings';
import { sendClaimedPermitMail } from './send-claimed-permit-mail';

export interface PermitMailDispatcherOptions {
  db: Database;
  mailer: Mailer;
  settings?: Partial<PermitMailSettings>;
  /** Where residents reach the API host: the base of switch-off links. */
  publicUrl(): string;
  /** Where a failed round or send is reported; default a new logger at LOG_LEVEL. */
  log?: Pick<HostLogger, 'error'>;
  /** [0, 1) for the jitter of retry backoffs; default Math.random. */
  random?: () => number;
}

/**
 * Sends permit confirmations and "Ending soon:" reminders (docs/contract.md, "E-mail preferences
 * and permit e-mails"): each round records the reminders now due, then claims unsent mails a batch
 * at a time under a lease and sends them. Any number of dispatchers, in API hosts and workers, may
 * share one database; each mail goes out once.
 */
export function createPermitMailDispatcher(options: PermitMailDispatcherOptions): PollingLoop {
  const settings: PermitMailSettings = { ...defaultPermitMailSettings, ...options.settings };
  const log = options.log ?? createHostLogger({ level: loadLogLevel() });
  const onError = (error: unknown) =>
    log.error({ err: error }, 'Permit mail: a round or a send failed');
  const context = {
    db: options.db,
    mailer: withQuietRefusals(options.mailer),
    settings,
    publicUrl: options.publicUrl,
    random: options.random ?? Math.random,
  };

  return createPollingLoop({
    intervalMs: settings.intervalMs,
    batchSize: settings.batchSize,
    beforeRound: () => queueDueReminders(options.db, settings.reminderLeadMs),
    claim: () => claimDuePermitMails(options.db, settings),
    process: (claimed) => sendClaimedPermitMail(context, claimed),
    onError,
  });
}
