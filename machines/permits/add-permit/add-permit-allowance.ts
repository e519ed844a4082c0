import type { MessageDescriptor } from '@lingui/core';
import type { DashboardFigures } from '../../dashboard/gather-dashboard-figures';
import { activationCapUsage, permitLimitUsage } from '../../dashboard/permit-usage';

/**
 * What Add Permit says, word for word (test/machines/permits/add-permit/add-permit-allowance.test.ts):
 * English ids for the catalogue, those with figures as descriptors the screen formats.
 */
export const allowanceTexts = {
  // The count left, never the limit it is counted from: the spec shows no permit limit's value
  // (docs/contract.md §1 and §9).
  permitsLeft: (left: number): MessageDescriptor => /*i18n*/ ({
    id: '{left, plural, one {# permit left} other {# permits left}}',
    values: { left },
  }),
  activationsLeft: (left: number, cap: number, periodName: string): MessageDescriptor => /*i18n*/ ({
    id: '{left} of {cap} activations left in {periodName}',
    values: { left, cap, periodName },
  }),
  noPermitsLeft:
    /*i18n*/ 'You have no permits left, so a new one will be refused. A permit that ends or is cancelled frees its place.',
  noActivationsLeft: (periodName: string): MessageDescriptor => /*i18n*/ ({
    id: 'You have no activations left in {periodName}: a permit starting now will be refused. A permit scheduled for a later period can still be added.',
    values: { periodName },
  }),
} as const;

/** The lines Add Permit shows above the form; each is null when its figure is unknown or moot. */
export interface AddPermitAllowance {
  permitsLeft: MessageDescriptor | null;
  activationsLeft: MessageDescriptor | null;
  /** Said before the form when nothing is left: why a permit would be refused. */
  warnings: MessageDescriptor[];
}

/**
 * The resident's allowance from the dashboard's figures (`gatherDashboardFigures`): permits
 * left under the limit (permit_limit − active_registrations, docs/contract.md §9) and, when the
 * site sets an activation cap, the activations left in its period (docs/contract.md §3).
 */
export function addPermitAllowance(
  figures: Pick<DashboardFigures, 'profile' | 'capInfo'>,
): AddPermitAllowance {
  const warnings: MessageDescriptor[] = [];
  let permitsLeft: MessageDescriptor | null = null;
  if (figures.profile) {
    const { available } = permitLimitUsage(figures.profile);
    permitsLeft = allowanceTexts.permitsLeft(available);
    if (available === 0) warnings.push({ id: allowanceTexts.noPermitsLeft });
  }
  let activationsLeft: MessageDescriptor | null = null;
  const cap = figures.capInfo && activationCapUsage(figures.capInfo);
  if (cap && !cap.unlimited) {
    activationsLeft = allowanceTexts.activationsLeft(cap.remaining, cap.cap, cap.periodName);
    if (cap.remaining === 0) warnings.push(allowanceTexts.noActivationsLeft(cap.periodName));
  }
  return { permitsLeft, activationsLeft, warnings };
}
