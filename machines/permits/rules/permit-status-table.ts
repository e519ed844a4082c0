import type { Permit } from '../../../contract/permit';
import {
  permitStatusLabels,
  permitStatuses,
  type PermitStatus,
} from '../../../contract/permit-status';
import type { SiteSettings } from '../../../contract/site-settings';

/** A Chakra `colorPalette` name for a status badge. */
export type PermitStatusColour = 'green' | 'blue' | 'gray' | 'orange' | 'red' | 'yellow' | 'purple';

export interface PermitStatusDisplay {
  label: string;
  colour: PermitStatusColour;
}

/** Each status's badge colour (docs/contract.md §4; its "grey" is Chakra's `gray` palette). */
const permitStatusColours: Readonly<Record<PermitStatus, PermitStatusColour>> = {
  ACTIVE: 'green',
  SCHEDULED: 'blue',
  QUEUED: 'gray',
  CANCEL_PENDING: 'orange',
  CANCELLED: 'gray',
  CANCEL_FAILED: 'red',
  UPDATE_PENDING: 'orange',
  UPDATE_FAILED: 'red',
  EXPIRE_PENDING: 'yellow',
  EXPIRED: 'gray',
  FAILED: 'red',
  FAILED_LIMIT: 'purple',
};

/**
 * docs/contract.md §4, "Permit statuses": each status's badge, its label as
 * contract/permit-status.ts words it and its colour. Built over `permitStatuses`, so every status
 * has a row (the cast says what `Object.fromEntries` cannot).
 */
export const permitStatusTable = Object.fromEntries(
  permitStatuses.map((status) => [
    status,
    { label: permitStatusLabels[status], colour: permitStatusColours[status] },
  ]),
) as Readonly<Record<PermitStatus, PermitStatusDisplay>>;

/**
 * The badge of a status as the API sent it. A status the table does not know (a newer server)
 * shows its own name in grey rather than breaking the row.
 */
export function permitStatusDisplay(status: string): PermitStatusDisplay {
  return Object.hasOwn(permitStatusTable, status)
    ? permitStatusTable[status as PermitStatus]
    : { label: status, colour: 'gray' };
}

/** What a resident may do to one permit from its row, in the order the buttons appear. */
export type PermitAction = 'update' | 'activate' | 'cancel';

/** The row buttons' texts (docs/contract.md §2, "My Permits"). */
export const permitActionLabels: Readonly<Record<PermitAction, string>> = {
  update: /*i18n*/ 'Update',
  activate: /*i18n*/ 'Set Live Now',
  cancel: /*i18n*/ 'Cancel',
};

/** docs/contract.md §2 and §4: a resident may cancel only from these. */
const cancellableStatuses: readonly PermitStatus[] = [
  'ACTIVE',
  'QUEUED',
  'SCHEDULED',
  'UPDATE_PENDING',
  'UPDATE_FAILED',
];

export type PermitActionSettings = Pick<
  SiteSettings,
  'can_schedule_permits' | 'default_end_date_limit_hours'
>;

/**
 * What an update of a permit in `status` may change on this site (docs/contract.md §2, §4 and §6): only
 * a SCHEDULED permit is updated from its row; its start only where the site lets residents
 * schedule, its end only where the site has no automatic end.
 */
export function updatablePermitTimes(
  status: PermitStatus,
  settings: PermitActionSettings,
): { start: boolean; end: boolean } {
  const scheduled = status === 'SCHEDULED';
  return {
    start: scheduled && settings.can_schedule_permits,
    end: scheduled && settings.default_end_date_limit_hours === 0,
  };
}

/**
 * The buttons a permit's row shows (docs/contract.md §2: Update and Set Live Now only when SCHEDULED;
 * Cancel when ACTIVE, QUEUED, SCHEDULED, UPDATE_PENDING or UPDATE_FAILED; §6: Set Live Now
 * and a new start only when the site can schedule permits). Update is left out when the site
 * lets nothing of the permit change (no scheduling and an automatic end): its dialog could only
 * be cancelled.
 */
export function permitActionsFor(
  status: PermitStatus,
  settings: PermitActionSettings,
): PermitAction[] {
  const updatable = updatablePermitTimes(status, settings);
  const actions: PermitAction[] = [];
  if (updatable.start || updatable.end) actions.push('update');
  if (status === 'SCHEDULED' && settings.can_schedule_permits) actions.push('activate');
  if (cancellableStatuses.includes(status)) actions.push('cancel');
  return actions;
}

/**
 * Statuses the background system is still working on (docs/contract.md §4): while a page shows one,
 * the list refreshes itself so the resident sees it settle without reloading.
 */
export const pendingPermitStatuses: readonly PermitStatus[] = [
  'QUEUED',
  'CANCEL_PENDING',
  'UPDATE_PENDING',
  'EXPIRE_PENDING',
];

export function hasPendingPermit(permits: readonly Pick<Permit, 'status'>[]): boolean {
  return permits.some((permit) => pendingPermitStatuses.includes(permit.status));
}
