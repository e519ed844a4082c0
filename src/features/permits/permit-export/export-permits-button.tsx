import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import {
  toPermitListRequest,
  type PermitListFilters,
} from '../../../../machines/permits/my-permits/permit-list-filters';
import { permitExportMachine } from '../../../../machines/permits/permit-export/permit-export-machine';
import { useAppActor, useClock } from '../../../shell/app-machines';
import { forcedColoursFill, forcedColoursOutline } from '../../../ui/forced-colours';
import { useFocusBackAfterBusy } from '../../../ui/use-focus-back-after-busy';
import { permitExportActors } from './permit-export-actors';

/**
 * My Permits' "Export CSV" (machines/permits/permit-export/permit-export-machine.ts): every permit matching
 * `filters` (all pages), with a progress bar while the pages arrive.
 */
export function ExportPermitsButton({ filters }: { filters: PermitListFilters }) {
  const { i18n } = useLingui();
  const actor = useAppActor('permitExport', permitExportMachine, permitExportActors);
  const clock = useClock();
  const collecting = useSelector(actor, (snapshot) => !snapshot.matches('idle'));
  const button = useFocusBackAfterBusy<HTMLButtonElement>(collecting);
  const building = useSelector(actor, (snapshot) => snapshot.matches('building'));
  const collected = useSelector(actor, (snapshot) => snapshot.context.collected);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const progressText = building
    ? i18n._('Making the file…')
    : total === null
      ? i18n._('Starting…')
      : i18n._('{collected} of {total}', { collected, total });
  return (
    <Stack gap={1} alignItems="flex-end">
      <Button
        ref={button}
        variant="outline"
        loading={collecting}
        loadingText={i18n._('Exporting…')}
        onClick={() =>
          actor.send({ type: 'EXPORT', request: toPermitListRequest(filters), at: clock() })
        }
      >
        {i18n._('Export CSV')}
      </Button>
      {collecting && (
        <HStack gap={2} minW="12rem">
          <Progress.Root
            recipe={progressSlotRecipe}
            value={total ? Math.round((collected / total) * 100) : null}
            size="sm"
            flex="1"
          >
            {/* The track is the progress bar: its name and value in the reader's language, not
                Chakra's English "loading...". */}
            <Progress.Track
              aria-label={i18n._('Export progress')}
              aria-valuetext={progressText}
              _highContrast={forcedColoursOutline}
            >
              <Progress.Range _highContrast={forcedColoursFill} />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {progressText}
          </Text>
        </HStack>
      )}
      {error && (
        <Text role="alert" fontSize="sm" color="red.700">
          {i18n._(error)}
        </Text>
      )}
    </Stack>
  );
}
