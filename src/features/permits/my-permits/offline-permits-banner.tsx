import { Alert } from '@chakra-ui/react';
import { inLondon } from '../../../../machines/permits/rules/london-time';

/** Why the buttons that change permits are disabled offline; they point at it. */
export const offlinePermitActionsText =
  'Adding, updating, cancelling and setting permits live need a connection.';

/** "You're offline — showing your permits as of 14:32", the London time the rows were loaded. */
export function offlinePermitsText(shownAsOf: string | null): string {
  if (shownAsOf === null) return "You're offline — your permits have not been loaded yet";
  return `You're offline — showing your permits as of ${inLondon(new Date(shownAsOf)).toFormat('HH:mm')}`;
}

/**
 * Shown over My Permits while the browser is offline: how old the rows are, and why nothing can
 * be changed. `reasonId` names the reason's element, which the disabled buttons describe themselves by.
 */
export function OfflinePermitsBanner({
  shownAsOf,
  reasonId,
}: {
  shownAsOf: string | null;
  reasonId: string;
}) {
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{offlinePermitsText(shownAsOf)}</Alert.Title>
        <Alert.Description id={reasonId}>{offlinePermitActionsText}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
