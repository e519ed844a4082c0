import { Box, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { memo, Suspense, useCallback, useDeferredValue, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  paginationTexts,
  permitListTexts,
  type PermitListFilterChanges,
} from '../../../../machines/permits/my-permits/permit-list-filters';
import {
  permitActionsFor,
  type PermitAction,
} from '../../../../machines/permits/rules/permit-status-table';
import type { Permit } from '../../../../contract/permit';
import type { SiteSettings } from '../../../../contract/site-settings';
import { PageHeader } from '../../../shell/page-header';
import { paths } from '../../../shell/pages';
import { OfflinePermitsBanner } from './offline-permits-banner';
import { HiddenPermitsHint } from './hidden-permits-hint';
import { PermitActionsOfflineReason } from './permit-actions-offline-reason';
import { PermitCards } from './permit-cards';
import { ExportPermitsButton } from '../permit-export/export-permits-button';
import { PermitListFiltersPanel } from './permit-list-filters-panel';
import { PermitPagination } from './permit-pagination';
import { PermitTable } from './permit-table';
import { useNarrowScreen } from '../../../ui/use-narrow-screen';
import { usePermitList, usePermitListView, type PermitListView } from './use-permit-list';
import { useSiteSettings } from '../../../shell/site-settings-provider';
import { BannerPresence } from '../../../ui/banner-presence';
import { MotionScope } from '../../../ui/motion-scope';
import { lazyComponent } from '../../../ui/lazy-component';
import { useStatusChanges } from './use-status-changes';
import { useFocusKeptInResults } from './use-focus-kept-in-results';
import { useVisitorPasses } from './use-visitor-passes';
import { LoadingStatus } from '../../../ui/loading-spinner';
import { VisuallyHidden } from '../../../ui/visually-hidden';

/** Shown, quietly, while the newest fetch has failed (docs/contract.md §8: no alarm is raised). */
const permitListFailedText = /*i18n*/ 'The list could not be brought up to date.';

/**
 * The dialogs come in chunks of their own (Chakra's dialog, Formik and Yup among them), loaded once
 * the list's rows are on screen: the screen's first paint on a phone waits for every byte loading
 * before it (docs/performance.md). A dialog asked for before its chunk is in opens when it arrives.
 */
const PermitActionDialog = lazyComponent(() =>
  import('../permit-dialogs/permit-action-dialog').then((module) => module.PermitActionDialog),
);
const UpdatePermitDialog = lazyComponent(() =>
  import('../permit-dialogs/update-permit-dialog').then((module) => module.UpdatePermitDialog),
);
const preloadDialogs = async () => {
  // One dialog after the other: each chunk asked for adds a script element to the page, and the
  // six of both at once held a 23 ms task in a Lighthouse trace (src/shell/start-app.tsx).
  for (const dialog of [PermitActionDialog, UpdatePermitDialog]) {
    // A chunk that cannot load now is fetched again when its dialog opens.
    await dialog.preload().catch(() => undefined);
  }
};

/** The dialog open over the list, for one permit; none when null. */
type OpenDialog = { action: PermitAction; permit: Permit } | null;

/**
 * The resident's permits (docs/contract.md §2, "My Permits"; §3, §4, §8 and §9): filters, the
 * rows as a grid on wide screens and as cards on narrow ones, pagination, and the Update, Set
 * Live Now and Cancel dialogs. The permit-list machine owns the filters, fetching and
 * self-refreshing; the site settings decide which buttons each row offers.
 */
export function MyPermitsScreen() {
  const { i18n } = useLingui();
  const permitList = usePermitList();
  const view = usePermitListView(permitList);
  const { filters, online, shownAsOf } = view;
  const settings = useSiteSettings();
  // The list machine's and the site settings' changes reach React as urgent updates (stores React
  // reads), which it renders in one task however long. The results are drawn from deferred copies:
  // the urgent render stops at the memoised results, and the new copies are drawn as a
  // transition, in slices that yield to the browser. Profiled on My Permits with 60 permits (slow
  // 4G, 4x CPU), the list's arrival had blocked the page for 150-220 ms. The filters stay urgent:
  // a box a resident ticks shows its tick at once.
  const results = useDeferredValue(view);
  const resultsSettings = useDeferredValue(settings);
  const offlineReasonId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const visitorPasses = useVisitorPasses();

  const refresh = useCallback(() => permitList.send({ type: 'REFRESH' }), [permitList]);
  const closeDialog = useCallback(() => setDialog(null), []);
  // Rows to act on, and no fetch in flight (the rows kept from the last visit show at once, while
  // the list is fetched again). Two frames on, those rows have been painted.
  const rowsSettled = results.permits.length > 0 && !results.loading;
  useEffect(() => {
    if (!rowsSettled) return undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => void preloadDialogs());
    });
    return () => cancelAnimationFrame(frame);
  }, [rowsSettled]);
  const changeFilters = useCallback(
    (changes: PermitListFilterChanges) => permitList.send({ type: 'FILTERS.CHANGE', changes }),
    [permitList],
  );
  const search = useCallback(
    (text: string) => permitList.send({ type: 'SEARCH', search: text }),
    [permitList],
  );
  const reset = useCallback(() => permitList.send({ type: 'RESET' }), [permitList]);
  const goToPage = useCallback(
    (page: number) => permitList.send({ type: 'PAGE.GO', page }),
    [permitList],
  );
  const showAllDates = useCallback(
    () => changeFilters({ startDate: '', endDate: '' }),
    [changeFilters],
  );
  const openDialog = useCallback(
    (action: PermitAction, permit: Permit) => setDialog({ action, permit }),
    [],
  );

  const screen = (
    <Stack gap={6}>
      <PageHeader path={paths.myPermits}>
        {online ? (
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.addPermit}>{i18n._('Add Permit')}</RouterLink>
          </Button>
        ) : (
          <Button colorPalette="teal" disabled aria-describedby={offlineReasonId}>
            {i18n._('Add Permit')}
          </Button>
        )}
        <ExportPermitsButton filters={filters} />
        {/* The row keeps its place while the host is asked, so that its links, when they come,
            move nothing already painted (test/browser/offline-app.test.ts measures the shifts).
            Hidden, its links are neither seen, reached nor read out; a host without passes drops it. */}
        {(visitorPasses.offered || visitorPasses.checking) && (
          <HStack gap={3} wrap="wrap" visibility={visitorPasses.offered ? undefined : 'hidden'}>
            <Button asChild variant="outline" colorPalette="teal">
              <RouterLink to={paths.sendVisitorPass}>{i18n._('Send a visitor pass')}</RouterLink>
            </Button>
            <Link asChild color="teal.700">
              <RouterLink to={paths.visitorPasses}>{i18n._('Visitor passes')}</RouterLink>
            </Link>
          </HStack>
        )}
      </PageHeader>
      <BannerPresence>
        {!online && <OfflinePermitsBanner shownAsOf={shownAsOf} reasonId={offlineReasonId} />}
      </BannerPresence>

      <PermitListFiltersPanel
        filters={filters}
        onFiltersChange={changeFilters}
        onSearch={search}
        onReset={reset}
      />

      <PermitResults
        view={results}
        settings={resultsSettings}
        onRefresh={refresh}
        onAction={openDialog}
        onPageGo={goToPage}
        onShowAllDates={showAllDates}
        passNames={visitorPasses.passNames}
      />

      <Suspense fallback={null}>
        {(dialog?.action === 'activate' || dialog?.action === 'cancel') && (
          <PermitActionDialog
            action={dialog.action}
            permit={dialog.permit}
            onClose={closeDialog}
            onReload={refresh}
          />
        )}
        {dialog?.action === 'update' && settings && (
          <UpdatePermitDialog
            permit={dialog.permit}
            settings={settings}
            onClose={closeDialog}
            onRefresh={refresh}
          />
        )}
      </Suspense>
    </Stack>
  );
  // Offline, every button that would change a permit is disabled, pointing at the banner's reason.
  return (
    <PermitActionsOfflineReason value={online ? null : offlineReasonId}>
      {screen}
    </PermitActionsOfflineReason>
  );
}

/** The results: the rows, or why there are none, and the pages; drawn again only when they change. */
const PermitResults = memo(function PermitResults({
  view,
  settings,
  onRefresh,
  onAction,
  onPageGo,
  onShowAllDates,
  passNames,
}: {
  view: PermitListView;
  settings: SiteSettings | null;
  onRefresh: () => void;
  onAction: (action: PermitAction, permit: Permit) => void;
  onPageGo: (page: number) => void;
  onShowAllDates: () => void;
  passNames: ReadonlyMap<number, string>;
}) {
  const { filters, permits, count, permitsPage, hasFetched, lastFetchFailed, loading, online } =
    view;
  const { i18n } = useLingui();
  const changed = useStatusChanges(permits);
  const narrow = useNarrowScreen();
  const focusKeeper = useFocusKeptInResults(permits, narrow);
  const pageTexts = paginationTexts(permitsPage, count);
  const resultsSummary = pageTexts ? `${i18n._(pageTexts.page)}, ${i18n._(pageTexts.showing)}` : '';
  const actionsFor = useCallback(
    (permit: Permit) => (settings ? permitActionsFor(permit.status, settings) : []),
    [settings],
  );

  // The results are a screen tall, loading or loaded, so that the footer stays out of the first
  // screen: rows arriving under a footer in view pushed it off the screen, a layout shift
  // (Lighthouse's CLS, 0.09 on a phone), and a short list replacing a shorter box pulled it up.
  const screenTall = '100dvh';
  // The rows wait for the settings too, so that their buttons do not change under the pointer.
  if (!hasFetched || settings === null) {
    return <LoadingStatus label={i18n._('Loading permits')} minH={screenTall} />;
  }
  return (
    <Stack
      as="section"
      {...focusKeeper}
      aria-label={i18n._('Results')}
      aria-busy={loading}
      gap={4}
      position="relative"
      minH={screenTall}
    >
      {lastFetchFailed && online && (
        <HStack gap={2} color="fg.muted" fontSize="sm">
          <Text>{i18n._(permitListFailedText)}</Text>
          <Button size="xs" variant="ghost" onClick={onRefresh}>
            {i18n._('Try again')}
          </Button>
        </HStack>
      )}
      {loading && (
        // Decorative: a list refreshing itself every few seconds must not be announced. In the
        // gap above the rows, taking no line of its own: the rows would move at every refresh.
        <Spinner size="xs" aria-hidden="true" position="absolute" top="-5" insetEnd="0" />
      )}
      {permits.length > 0 && (
        <>
          <MotionScope>
            {/* One layout rendered, not both with one painted away: rendering the rows
                twice cost a phone about 200 ms of blocked main thread (docs/performance.md). */}
            {narrow ? (
              <PermitCards {...{ permits, changed, actionsFor, onAction, passNames }} />
            ) : (
              <PermitTable {...{ permits, changed, actionsFor, onAction, passNames }} />
            )}
          </MotionScope>
          <PermitPagination page={permitsPage} count={count} onGo={onPageGo} />
        </>
      )}
      {/* One status, always there, so that a screen reader hears what a search, a filter or a
          page brought: the page and the count, or that nothing matched. */}
      <Box role="status">
        {permits.length > 0 ? (
          <VisuallyHidden>{resultsSummary}</VisuallyHidden>
        ) : (
          !lastFetchFailed && <Text>{i18n._(permitListTexts.emptyList)}</Text>
        )}
      </Box>
      {permits.length === 0 && !lastFetchFailed && (
        <HiddenPermitsHint filters={filters} onShowAllDates={onShowAllDates} />
      )}
    </Stack>
  );
});
