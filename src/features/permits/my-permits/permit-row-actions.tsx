import { Button, HStack } from '@chakra-ui/react';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { useLingui } from '@lingui/react';
import { useContext } from 'react';
import {
  permitActionLabels,
  type PermitAction,
} from '../../../../machines/permits/rules/permit-status-table';
import type { Permit } from '../../../../contract/permit';
import { PermitActionsOfflineReason } from './permit-actions-offline-reason';

/** What the desktop grid and the mobile layout are given: the rows and what their buttons do. */
export interface PermitRowsProps {
  permits: readonly Permit[];
  /** The ids of the permits whose status has just changed (see `useStatusChanges`). */
  changed: ReadonlySet<number>;
  actionsFor: (permit: Permit) => PermitAction[];
  onAction: (action: PermitAction, permit: Permit) => void;
  /** The visitor pass each permit booked through one was booked with, by permit id. */
  passNames: ReadonlyMap<number, string>;
}

const actionPalettes: Readonly<Record<PermitAction, string>> = {
  update: 'teal',
  activate: 'blue',
  cancel: 'red',
};

/**
 * A permit's row buttons. The registration is part of each button's name for screen readers, so
 * "Cancel" names which permit it cancels; the visible text starts the name, as speech input
 * expects.
 */
export function PermitRowActions({
  registration,
  actions,
  onAction,
}: {
  registration: string;
  actions: readonly PermitAction[];
  onAction: (action: PermitAction) => void;
}) {
  const { i18n } = useLingui();
  const offlineReasonId = useContext(PermitActionsOfflineReason);
  if (actions.length === 0) return null;
  return (
    <HStack gap={2} wrap="wrap">
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant="outline"
          colorPalette={actionPalettes[action]}
          onClick={() => onAction(action)}
          disabled={offlineReasonId !== null}
          aria-describedby={offlineReasonId ?? undefined}
        >
          {i18n._(permitActionLabels[action])}
          <VisuallyHidden> {i18n._('permit {registration}', { registration })}</VisuallyHidden>
        </Button>
      ))}
    </HStack>
  );
}
