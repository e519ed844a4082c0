import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { fromPromise } from 'xstate';
import type { activatePermitMachine } from '../../../machines/permits/activate-permit-machine';
import type { Clock } from '../../../machines/clock';
import type { cancelPermitMachine } from '../../../machines/permits/cancel-permit-machine';
import {
  permitListTexts,
  type PermitListFilterChanges,
} from '../../../machines/permits/permit-list-filters';
import { permitListMachine } from '../../../machines/permits/permit-list-machine';
import { permitActionsFor, type PermitAction } from '../../../machines/permits/permit-status-table';
import type { Permit, PermitListRequest } from '../../../contract/permit';
import type { SiteSettings } from '../../../contract/site-settings';
import type { updatePermitMachine } from '../../../machines/permits/update-permit-machine';
import { listPermits } from '../../api/permits-api';
import { getSiteSettings } from '../../api/site-settings-api';
import { paths } from '../../shell/paths';
import { ActivatePermitDialog } from './activate-permit-dialog';
import { CancelPermitDialog } from './cancel-permit-dialog';
import { PermitCards } from './permit-cards';
import { PermitListFiltersPanel } from './permit-list-filters-panel';
import { PermitPagination } from './permit-pagination';
import { PermitTable } from './permit-table';
import { UpdatePermitDialog } from './update-permit-dialog';
import { usePermitList, usePermitListView } from './use-permit-list';
import { useSiteSettings } from '../../shell/use-site-settings';

const livePermitListMachine = permitListMachine.provide({
  actors: {
    fetchPermits: fromPromise(({ input }: { input: PermitListRequest }) => listPermits(input)),
  },
});

/** Shown, quietly, while the newest fetch has failed (spec section 8: no alarm is raised). */
const permitListFailedText = 'The list could not be brought up to date.';

/** The dialog open over the list, for one permit; none when null. */
type OpenDialog = { action: PermitAction; permit: Permit } | null;

/** Replacements for the dialogs' live machines (tests give them fake actors). */
export interface PermitDialogMachines {
  activate?: typeof activatePermitMachine;
  cancel?: typeof cancelPermitMachine;
  update?: typeof updatePermitMachine;
}

/**
 * The resident's permits (spec section 2, "My Permits"; sections 3, 4, 8 and 9): filters, the
 * rows as a grid on wide screens and as cards on narrow ones, pagination, and the Update, Set
 * Live Now and Cancel dialogs. The permit-list machine owns the filters, fetching and
 * self-refreshing; the site settings decide which buttons each row offers.
 */
export function MyPermitsScreen({
  machine = livePermitListMachine,
  loadSiteSettings = getSiteSettings,
  dialogMachines = {},
  clock,
}: {
  /** Replaces the live machine (tests give it fake actors). */
  machine?: typeof permitListMachine;
  /** Replaces GET /api/v1/site-settings/ (tests answer it themselves). */
  loadSiteSettings?: () => Promise<SiteSettings>;
  dialogMachines?: PermitDialogMachines;
  /** Where "now" comes from for the default dates and the update rules; tests fix it. */
  clock?: Clock;
}) {
  const permitList = usePermitList(machine, clock);
  const { filters, permits, count, permitsPage, hasFetched, lastFetchFailed, loading } =
    usePermitListView(permitList);
  const settings = useSiteSettings(loadSiteSettings);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const refresh = useCallback(() => permitList.send({ type: 'REFRESH' }), [permitList]);
  const closeDialog = useCallback(() => setDialog(null), []);
  const changeFilters = useCallback(
    (changes: PermitListFilterChanges) => permitList.send({ type: 'FILTERS.CHANGE', changes }),
    [permitList],
  );
  const search = useCallback(
    (text: string) => permitList.send({ type: 'SEARCH', search: text }),
    [permitList],
  );
  const reset = useCallback(() => permitList.send({ type: 'RESET' }), [permitList]);
  const actionsFor = useCallback(
    (permit: Permit) => (settings ? permitActionsFor(permit.status, settings) : []),
    [settings],
  );
  const openDialog = useCallback(
    (action: PermitAction, permit: Permit) => setDialog({ action, permit }),
    [],
  );

  // The rows wait for the settings too, so that their buttons do not change under the pointer.
  const ready = hasFetched && settings !== null;

  return (
    <Stack gap={6}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h1" size="2xl">
          My Permits
        </Heading>
        <Button asChild colorPalette="teal">
          <RouterLink to={paths.addPermit}>Add Permit</RouterLink>
        </Button>
      </HStack>

      <PermitListFiltersPanel
        filters={filters}
        onFiltersChange={changeFilters}
        onSearch={search}
        onReset={reset}
      />

      {ready ? (
        <Stack as="section" aria-label="Results" aria-busy={loading} gap={4}>
          {lastFetchFailed && (
            <HStack gap={2} color="fg.muted" fontSize="sm">
              <Text>{permitListFailedText}</Text>
              <Button size="xs" variant="ghost" onClick={refresh}>
                Try again
              </Button>
            </HStack>
          )}
          {loading && (
            // Decorative: a list refreshing itself every few seconds must not be announced.
            <Spinner size="xs" aria-hidden="true" alignSelf="flex-end" />
          )}
          {permits.length > 0 ? (
            <>
              <PermitTable permits={permits} actionsFor={actionsFor} onAction={openDialog} />
              <PermitCards permits={permits} actionsFor={actionsFor} onAction={openDialog} />
              <PermitPagination
                page={permitsPage}
                count={count}
                onGo={(page) => permitList.send({ type: 'PAGE.GO', page })}
              />
            </>
          ) : (
            !lastFetchFailed && <Text>{permitListTexts.emptyList}</Text>
          )}
        </Stack>
      ) : (
        <Box role="status" aria-label="Loading permits">
          <Spinner />
        </Box>
      )}

      {dialog?.action === 'activate' && (
        <ActivatePermitDialog
          permit={dialog.permit}
          onClose={closeDialog}
          onReload={refresh}
          machine={dialogMachines.activate}
        />
      )}
      {dialog?.action === 'cancel' && (
        <CancelPermitDialog
          permit={dialog.permit}
          onClose={closeDialog}
          onReload={refresh}
          machine={dialogMachines.cancel}
        />
      )}
      {dialog?.action === 'update' && settings && (
        <UpdatePermitDialog
          permit={dialog.permit}
          settings={settings}
          onClose={closeDialog}
          onRefresh={refresh}
          machine={dialogMachines.update}
          clock={clock}
        />
      )}
    </Stack>
  );
}
