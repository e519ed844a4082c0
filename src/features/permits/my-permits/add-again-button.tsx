import { Button } from '@chakra-ui/react';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { useLingui } from '@lingui/react';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { permitDisplay } from '../../../../machines/permits/rules/permit-display';
import { vehicleOf } from '../../../../machines/permits/add-permit/recent-vehicles';
import type { Permit } from '../../../../contract/permit';
import { paths } from '../../../shell/pages';
import { PermitActionsOfflineReason } from './permit-actions-offline-reason';

/**
 * "Add again" on a My Permits row: Add Permit with this permit's vehicle and driver filled in
 * (not its dates), handed over in the router's location state. Named like the row's other
 * buttons (`PermitRowActions`): "Add again permit KX19ABC", so a screen reader knows which.
 * Offline it is disabled like them, as creating a permit needs a connection.
 */
export function AddAgainButton({ permit }: { permit: Permit }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const offlineReasonId = useContext(PermitActionsOfflineReason);
  return (
    <Button
      size="xs"
      variant="outline"
      alignSelf="flex-start"
      onClick={() => void navigate(paths.addPermit, { state: { vehicle: vehicleOf(permit) } })}
      disabled={offlineReasonId !== null}
      aria-describedby={offlineReasonId ?? undefined}
    >
      {i18n._('Add again')}
      <VisuallyHidden>
        {' '}
        {i18n._('permit {registration}', { registration: permitDisplay(permit).registration })}
      </VisuallyHidden>
    </Button>
  );
}
