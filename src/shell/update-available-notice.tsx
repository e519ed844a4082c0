import { Alert, Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSyncExternalStore } from 'react';
import { waitingUpdate } from './waiting-update';

// An English id, translated where shown.
export const updateAvailableText = /*i18n*/ 'A new version of Kerbside is available';

/** No update waits in the page the build rendered in advance (src/shell/prerender.tsx). */
const noUpdate = () => null;

/** Shown on every page while a new deploy waits: one tap swaps to it. */
export function UpdateAvailableNotice() {
  const { i18n } = useLingui();
  // Hydrating a page rendered in advance starts from the build's snapshot, then reads the browser's.
  const applyUpdate = useSyncExternalStore(waitingUpdate.subscribe, waitingUpdate.get, noUpdate);
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
