import { permitActionMessages, toActivatePermitErrorMessage } from './permit-action-error-message';
import { createPermitActionMachine } from './permit-action-machine';

/**
 * The "Set Live Now" dialog of a SCHEDULED permit (docs/contract.md §2, "Activate dialog"): it starts
 * the permit at once through the app's `activatePermit` actor, then reloads the list after 1 s.
 */
export const activatePermitMachine = createPermitActionMachine({
  id: 'activatePermit',
  errorTitle: permitActionMessages.activationTitle,
  toErrorMessage: toActivatePermitErrorMessage,
});
