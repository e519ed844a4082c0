import { Alert } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { inLondon } from '../../../../machines/permits/rules/london-time';
import { useClock } from '../../../shell/app-machines';

/** Why the buttons that change permits are disabled offline; they point at it. */
export const offlinePermitActionsText =
  /*i18n*/ 'Adding, updating, cancelling and setting permits live need a connection.';

/**
 * "You’re offline — showing your permits as of 14:32", the London time the rows were loaded, with
 * its date when that was not today: "as of 14:32 on 30/11/2026".
 */
export function offlinePermitsText(shownAsOf: string | null, now: Date): MessageDescriptor {
  if (shownAsOf === null) {
    return /*i18n*/ { id: 'You’re offline — your permits have not been loaded yet' };
  }
  const loaded = inLondon(new Date(shownAsOf));
  const time = loaded.toFormat('HH:mm');
  if (loaded.hasSame(inLondon(now), 'day')) {
    return /*i18n*/ { id: 'You’re offline — showing your permits as of {time}', values: { time } };
  }
  return /*i18n*/ {
    id: 'You’re offline — showing your permits as of {time} on {date}',
    values: { time, date: loaded.toFormat('dd/MM/yyyy') },
  };
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
  const { i18n } = useLingui();
  const clock = useClock();
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{i18n._(offlinePermitsText(shownAsOf, clock()))}</Alert.Title>
        <Alert.Description id={reasonId}>{i18n._(offlinePermitActionsText)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
