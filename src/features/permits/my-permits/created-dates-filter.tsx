import { Box, SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { Formik, useField, useFormikContext } from 'formik';
import { useEffect, useEffectEvent, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import {
  creationDateLabels,
  creationDatesSchema,
  isApplicableCreationDate,
  type CreationDates,
} from '../../../../machines/permits/my-permits/creation-dates-schema';
import type { PermitListFilterChanges } from '../../../../machines/permits/my-permits/permit-list-filters';
import { DateTimeInput } from '../../../ui/date-time-input';
import { FormBody } from '../../../ui/form-body';
import { validateWithSchema } from '../../../ui/validate-with-schema';

/**
 * How long a date may rest after a change before the list is filtered by it: typing a date box
 * by box fetches (and adds a history entry) once, not for every digit.
 */
const dateSettleMs = 800;

const fieldOrder: (keyof CreationDates)[] = ['startDate', 'endDate'];

const validateCreationDates = validateWithSchema<CreationDates>(() => creationDatesSchema());

/**
 * One bound of the creation date, in the date input every date of the product uses. A whole date
 * (or none) applies once it settles, or when the resident leaves the input; Enter submits both
 * bounds, so boxes that name no date get the error summary (src/ui/error-summary.tsx). It
 * follows `applied` whenever the list's filters change from elsewhere (Back, a link, Reset).
 */
function CreatedDateField({
  name,
  applied,
  onApply,
}: {
  name: keyof CreationDates;
  applied: string;
  onApply: (value: string) => void;
}) {
  const { i18n } = useLingui();
  const [field, , helpers] = useField<string>(name);
  const { setFieldError, submitForm } = useFormikContext<CreationDates>();
  const draft = field.value;

  const followed = useRef(applied);
  const follow = useEffectEvent((value: string) => {
    followed.current = value;
    if (draft !== value) void helpers.setValue(value);
    setFieldError(name, undefined);
  });
  useEffect(() => {
    if (applied !== followed.current) follow(applied);
  }, [applied]);

  const apply = (value: string) => {
    if (value === applied || !isApplicableCreationDate(value)) return;
    followed.current = value;
    setFieldError(name, undefined);
    onApply(value);
  };
  const applySettled = useEffectEvent(apply);
  // The wait restarts when the date changes, not whenever the screen around it renders again.
  useEffect(() => {
    if (draft === applied || !isApplicableCreationDate(draft)) return;
    const settle = setTimeout(() => applySettled(draft), dateSettleMs);
    return () => clearTimeout(settle);
  }, [draft, applied]);

  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) apply(draft);
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submitForm();
  };
  return (
    <Box onBlur={leave} onKeyDown={keyDown}>
      <DateTimeInput name={name} label={i18n._(creationDateLabels[name])} />
    </Box>
  );
}

/**
 * My Permits' creation-date range ("Created from", "Created to"; docs/contract.md §2): two GOV.UK
 * date inputs, which read day, month, year in every browser's language, where the browser's own
 * `datetime-local` control showed its locale's order (issue 33). Their rules are checked as
 * every form's are, on submit (Enter), with the error summary.
 */
export function CreatedDatesFilter({
  startDate,
  endDate,
  onFiltersChange,
}: CreationDates & { onFiltersChange: (changes: PermitListFilterChanges) => void }) {
  return (
    <Box gridColumn="1 / -1">
      <Formik
        initialValues={{ startDate, endDate }}
        {...validateCreationDates}
        onSubmit={(values) => {
          const changes: PermitListFilterChanges = {};
          if (values.startDate !== startDate) changes.startDate = values.startDate;
          if (values.endDate !== endDate) changes.endDate = values.endDate;
          if (Object.keys(changes).length > 0) onFiltersChange(changes);
        }}
      >
        <FormBody fieldOrder={fieldOrder}>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
            <CreatedDateField
              name="startDate"
              applied={startDate}
              onApply={(value) => onFiltersChange({ startDate: value })}
            />
            <CreatedDateField
              name="endDate"
              applied={endDate}
              onApply={(value) => onFiltersChange({ endDate: value })}
            />
          </SimpleGrid>
        </FormBody>
      </Formik>
    </Box>
  );
}
