import { permitActionMessages, toCancelPermitErrorMessage } from './permit-action-error-message';
import { createPermitActionMachine } from './permit-action-machine';

/**
 * The Cancel dialog (docs/contract.md §2, "Cancel dialog"): it cancels the permit through the app's
 * `cancelPermit` actor, then reloads the list after 1 s.
 */
export const cancelPermitMachine = createPermitActionMachine({
  id: 'cancelPermit',
  errorTitle: permitActionMessages.cancellationTitle,
  toErrorMessage: toCancelPermitErrorMessage,
});
