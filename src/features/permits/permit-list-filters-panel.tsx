import {
  Box,
  Button,
  Field,
  Fieldset,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  chakra,
} from '@chakra-ui/react';
import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  allStatusesSelected,
  selectAllOptionText,
  toggleAllStatuses,
  type PermitListFilterChanges,
  type PermitListFilters,
} from '../../../machines/permits/permit-list-filters';
import { permitStatusTable } from '../../../machines/permits/permit-status-table';
import { permitStatuses, type PermitStatus } from '../../../contract/permit-status';
import { ukDateTimeHint } from '../../ui/date-time-field';

/**
 * How long a date may rest after a change before the list is filtered by it: a picker's choice
 * applies on its own, while typing a date segment by segment fetches (and adds a history entry)
 * once, not for every digit.
 */
const dateSettleMs = 800;

/**
 * A text the resident edits before it applies. It follows `value` whenever the list's filters
 * change from elsewhere (Back, a shared link, Reset).
 */
function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}

function statusSummary(statuses: readonly PermitStatus[]): string {
  if (allStatusesSelected(statuses)) return 'All';
  if (statuses.length === 0) return 'None';
  return `${statuses.length} selected`;
}

/** The status multi-select: a disclosure holding one native checkbox a status. */
function StatusFilter({
  statuses,
  onChange,
}: {
  statuses: readonly PermitStatus[];
  onChange: (statuses: PermitStatus[]) => void;
}) {
  const [open, setOpen] = useState(false);
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
        Status: {statusSummary(statuses)}
      </Button>
      <Box id={panelId} hidden={!open} mt={3} borderWidth="1px" rounded="md" p={3}>
        <Fieldset.Root>
          <Fieldset.Legend srOnly>Statuses shown</Fieldset.Legend>
          <Button
            size="xs"
            variant="subtle"
            alignSelf="flex-start"
            onClick={() => onChange(toggleAllStatuses(statuses))}
          >
            {selectAllOptionText(statuses)}
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
                <span>{permitStatusTable[status].label}</span>
              </HStack>
            ))}
          </SimpleGrid>
        </Fieldset.Root>
      </Box>
    </Box>
  );
}

/** A bound of the creation date; it applies once it settles, on leaving the field or on Enter. */
function CreatedDateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useDraft(value);
  // The wait restarts when the date changes, not whenever the screen around it renders again.
  const applySettled = useEffectEvent((settled: string) => onChange(settled));
  useEffect(() => {
    if (draft === value) return;
    const settle = setTimeout(() => applySettled(draft), dateSettleMs);
    return () => clearTimeout(settle);
  }, [draft, value]);
  const apply = () => {
    if (draft !== value) onChange(draft);
  };
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="datetime-local"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
      <Field.HelperText>{ukDateTimeHint(draft)}</Field.HelperText>
    </Field.Root>
  );
}

/** The free-text search: it applies on Enter or the Search button, one history entry each. */
function SearchFilter({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [draft, setDraft] = useDraft(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <chakra.form role="search" onSubmit={submit} gridColumn={{ base: 'auto', md: 'span 2' }}>
      <Field.Root>
        <Field.Label>Search permits</Field.Label>
        <HStack gap={2} width="full">
          <Input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" colorPalette="teal">
            Search
          </Button>
        </HStack>
        <Field.HelperText>
          Registration, driver name, reference, make, model or colour
        </Field.HelperText>
      </Field.Root>
    </chakra.form>
  );
}

/**
 * The list's filters (docs/contract.md §2, "My Permits"): statuses, the creation-date range, the
 * free-text search and Reset. Each change applies to the list at once.
 */
export function PermitListFiltersPanel({
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
  return (
    <Stack as="section" aria-label="Filters" gap={4} borderWidth="1px" rounded="md" p={4}>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap={4} alignItems="end">
        <StatusFilter
          statuses={filters.statuses}
          onChange={(statuses) => onFiltersChange({ statuses })}
        />
        <CreatedDateFilter
          label="Created from"
          value={filters.startDate}
          onChange={(startDate) => onFiltersChange({ startDate })}
        />
        <CreatedDateFilter
          label="Created to"
          value={filters.endDate}
          onChange={(endDate) => onFiltersChange({ endDate })}
        />
        <SearchFilter value={filters.search} onSearch={onSearch} />
      </SimpleGrid>
      <Button variant="outline" alignSelf="flex-start" onClick={onReset}>
        Reset
      </Button>
    </Stack>
  );
}
