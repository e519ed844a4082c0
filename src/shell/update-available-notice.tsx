import { Alert, Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSyncExternalStore } from 'react';
import { waitingUpdate } from './waiting-update';

// An English id, translated where shown.
export const updateAvailableText = /*i18n*/ 'A new version of Kerbside is available';

/** Shown on every page while a new deploy waits: one tap swaps to it. */
export function UpdateAvailableNotice() {
  const { i18n } = useLingui();
  const applyUpdate = useSyncExternalStore(waitingUpdate.subscribe, waitingUpdate.get);
  if (!applyUpdate) return null;
  return (
    <Alert.Root status="info" role="status" borderRadius={0}>
      <Alert.Indicator />
      <Alert.Title flex="1">{i18n._(updateAvailableText)}</Alert.Title>
      <Button size="sm" colorPalette="teal" onClick={applyUpdate}>
        {i18n._('Reload')}
      </Button>
    </Alert.Root>
  );
}
