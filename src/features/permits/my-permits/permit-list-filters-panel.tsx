import {
  Box,
  Button,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  chakra,
} from '@chakra-ui/react';
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import {
  memo,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import {
  allStatusesSelected,
  selectAllOptionText,
  toggleAllStatuses,
  type PermitListFilterChanges,
  type PermitListFilters,
} from '../../../../machines/permits/my-permits/permit-list-filters';
import { permitStatusTable } from '../../../../machines/permits/rules/permit-status-table';
import { permitStatuses, type PermitStatus } from '../../../../contract/permit-status';
import { useNarrowScreen } from '../../../ui/use-narrow-screen';
import { useOpenedOnce } from '../../../ui/use-opened-once';
import { useStateResetOn } from '../../../ui/use-state-reset-on';
import { lazyComponent } from '../../../ui/lazy-component';
import { chosenPermitFilters, setFilterCount, type FilterRemoval } from './chosen-permit-filters';

/**
 * The creation-date inputs come in a chunk of their own with Formik and Yup, which check them as
 * every form's dates are checked (docs/performance.md: My Permits shows its list without them).
 * Their room is held while they load, so nothing below them moves when they arrive.
 */
const CreatedDatesFilter = lazyComponent(() =>
  import('./created-dates-filter').then((module) => module.CreatedDatesFilter),
);

/**
 * A text the resident edits before it applies. It follows `value` whenever the list's filters
 * change from elsewhere (Back, a shared link, Reset).
 */
const useDraft = (value: string) => useStateResetOn(value, value);

function statusSummary(statuses: readonly PermitStatus[], i18n: I18n): string {
  if (allStatusesSelected(statuses)) return i18n._('All');
  if (statuses.length === 0) return i18n._('None');
  return i18n._('{count} selected', { count: statuses.length });
}

/** The status multi-select: a disclosure holding one native checkbox a status. */
function StatusFilter({
  statuses,
  onChange,
}: {
  statuses: readonly PermitStatus[];
  onChange: (statuses: PermitStatus[]) => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const panelId = useId();
  return (
    <Box gridColumn="1 / -1">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {i18n._('Status: {summary}', { summary: statusSummary(statuses, i18n) })}
      </Button>
      <Box id={panelId} hidden={!open} mt={3} borderWidth="1px" rounded="md" p={3}>
        {opened && (
          <Fieldset.Root recipe={fieldsetSlotRecipe}>
            <Fieldset.Legend srOnly>{i18n._('Statuses shown')}</Fieldset.Legend>
            <Button
              size="xs"
              variant="subtle"
              alignSelf="flex-start"
              onClick={() => onChange(toggleAllStatuses(statuses))}
            >
              {i18n._(selectAllOptionText(statuses))}
            </Button>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={2}>
              {permitStatuses.map((status) => (
                <HStack as="label" key={status} gap={2} cursor="pointer">
                  <chakra.input
                    type="checkbox"
                    checked={statuses.includes(status)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...statuses, status]
                          : statuses.filter((chosen) => chosen !== status),
                      )
                    }
                    accentColor="teal.600"
                    boxSize={4}
                  />
                  <span>{i18n._(permitStatusTable[status].label)}</span>
                </HStack>
              ))}
            </SimpleGrid>
          </Fieldset.Root>
        )}
      </Box>
    </Box>
  );
}

/** The free-text search: it applies on Enter or the Search button, one history entry each. */
function SearchFilter({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useDraft(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <chakra.form role="search" onSubmit={submit} gridColumn={{ base: 'auto', md: 'span 2' }}>
      <Field.Root>
        <Field.Label>{i18n._('Search permits')}</Field.Label>
        <HStack gap={2} width="full">
          <Input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" colorPalette="teal">
            {i18n._('Search')}
          </Button>
        </HStack>
        <Field.HelperText>
          {i18n._('Registration, driver name, reference, make, model or colour')}
        </Field.HelperText>
      </Field.Root>
    </chakra.form>
  );
}

/**
 * The chosen filters as removable tags (MOJ's filter component, "Selected filters"). A removed tag
 * hands the focus to the tag now in its place, or the one before it, or `lastFocus` once none is
 * left, so the keyboard never falls back to the top of the page.
 */
function SelectedFilters({
  filters,
  onRemove,
  lastFocus,
}: {
  filters: PermitListFilters;
  onRemove: (removal: FilterRemoval) => void;
  lastFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { i18n } = useLingui();
  const chosen = chosenPermitFilters(filters, i18n);
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const tags = list.current?.querySelectorAll('button') ?? [];
    const next = tags[Math.min(index, tags.length - 1)] ?? lastFocus.current;
    next?.focus();
  }, [filters, lastFocus]);
  if (chosen.length === 0) {
    return null;
  }
  return (
    <Stack gap={2}>
      <Heading as="h2" size="sm" id={headingId}>
        {i18n._('Selected filters')}
      </Heading>
      <chakra.ul
        ref={list}
        aria-labelledby={headingId}
        listStyleType="none"
        display="flex"
        flexWrap="wrap"
        gap={2}
      >
        {chosen.map((filter, index) => (
          <li key={filter.key}>
            <Button
              variant="outline"
              colorPalette="teal"
              size="sm"
              minH="44px"
              whiteSpace="normal"
              textAlign="start"
              onClick={() => {
                focusAfterRemoval.current = index;
                onRemove(filter.removal);
              }}
            >
              <chakra.span srOnly>{i18n._('Remove filter:')} </chakra.span>
              {filter.text}
              <span aria-hidden="true">×</span>
            </Button>
          </li>
        ))}
      </chakra.ul>
    </Stack>
  );
}

/**
 * The list's filters (docs/contract.md §2, "My Permits"): statuses, the creation-date range, the
 * free-text search and Reset. Each change applies to the list at once.
 *
 * Wide screens show them all above the list. On a phone (`useNarrowScreen`) they fold behind a
 * "Filters" button that says how many are set, as MOJ's "Filter a list" pattern does, so that the
 * permits start high on the screen: the button shows or hides them (aria-expanded), and opened
 * they start with the chosen filters as removable tags and then the search, one tap from the list.
 * Folded, they are drawn the first time they open (`useOpenedOnce`), as are the status checkboxes.
 * Drawn again only when the filters change, not each time the list does.
 */
export const PermitListFiltersPanel = memo(function PermitListFiltersPanel({
  filters,
  onFiltersChange,
  onSearch,
  onReset,
}: {
  filters: PermitListFilters;
  onFiltersChange: (changes: PermitListFilterChanges) => void;
  onSearch: (search: string) => void;
  onReset: () => void;
}) {
  const { i18n } = useLingui();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  const status = (
    <StatusFilter
      statuses={filters.statuses}
      onChange={(statuses) => onFiltersChange({ statuses })}
    />
  );
  const dates = (
    <Suspense fallback={<Box gridColumn="1 / -1" minH="9rem" />}>
      <CreatedDatesFilter
        startDate={filters.startDate}
        endDate={filters.endDate}
        onFiltersChange={onFiltersChange}
      />
    </Suspense>
  );
  const search = <SearchFilter value={filters.search} onSearch={onSearch} />;
  const reset = (
    <Button variant="outline" alignSelf="flex-start" onClick={onReset}>
      {i18n._('Reset')}
    </Button>
  );

  if (!narrow) {
    return (
      <Stack
        as="section"
        aria-label={i18n._('Filters')}
        gap={4}
        borderWidth="1px"
        rounded="md"
        p={4}
      >
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap={4} alignItems="end">
          {status}
          {dates}
          {search}
        </SimpleGrid>
        {reset}
      </Stack>
    );
  }

  const count = setFilterCount(filters);
  return (
    <Box as="section" aria-label={i18n._('Filters')}>
      <Button
        ref={toggle}
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {count > 0 ? i18n._('Filters ({count} set)', { count }) : i18n._('Filters')}
        {/* The arrow says which way the panel moves; the state itself is aria-expanded. */}
        <Box as="span" aria-hidden="true" fontSize="xs">
          {open ? '▲' : '▼'}
        </Box>
      </Button>
      <Stack id={panelId} hidden={!open} gap={4} mt={3} borderWidth="1px" rounded="md" p={4}>
        {opened && (
          <>
            <SelectedFilters
              filters={filters}
              lastFocus={toggle}
              onRemove={(removal) =>
                'search' in removal ? onSearch(removal.search) : onFiltersChange(removal.changes)
              }
            />
            {search}
            {status}
            {dates}
            {reset}
          </>
        )}
      </Stack>
    </Box>
  );
});
