import { Alert, Button } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { waitingUpdate } from './waiting-update';

export const updateAvailableText = 'A new version of Kerbside is available';

/** Shown on every page while a new deploy waits: one tap swaps to it. */
export function UpdateAvailableNotice() {
  const applyUpdate = useSyncExternalStore(waitingUpdate.subscribe, waitingUpdate.get);
  if (!applyUpdate) return null;
  return (
    <Alert.Root status="info" role="status" borderRadius={0}>
      <Alert.Indicator />
      <Alert.Title flex="1">{updateAvailableText}</Alert.Title>
      <Button size="sm" colorPalette="teal" onClick={applyUpdate}>
        Reload
      </Button>
    </Alert.Root>
  );
}
