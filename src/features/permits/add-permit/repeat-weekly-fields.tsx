import { useFormikContext } from 'formik';
import type { PermitFormValues } from '../../../../machines/permits/permit-form/permit-form-values';
import { Text } from '@chakra-ui/react';
import {
  seriesReferenceLabels,
  seriesTexts,
  seriesWeekLimits,
} from '../../../../machines/permits/rules/weekly-series';
import { CheckboxField } from '../../../ui/checkbox-field';
import { FormField } from '../../../ui/form-field';

/**
 * "Repeat weekly" and "Number of weeks", offered with a scheduled start: the series repeats that
 * start's London wall-clock time (machines/permits/rules/weekly-series.ts). Where the site asks for
 * reference labels (`labelled`), each week's own label is shown before anything is sent.
 */
export function RepeatWeeklyFields({ labelled }: { labelled: boolean }) {
  const { values, setFieldValue } = useFormikContext<PermitFormValues>();
  const labels =
    labelled && values.repeat_weekly
      ? seriesReferenceLabels(values.reference_label, values.start, values.weeks)
      : [];
  return (
    <>
      <CheckboxField
        name="repeat_weekly"
        label="Repeat weekly"
        onCheckedChange={(checked) => {
          if (!checked) void setFieldValue('weeks', '');
        }}
      />
      {values.repeat_weekly && (
        <FormField
          name="weeks"
          label="Number of weeks"
          autoComplete="off"
          helperText={`From ${seriesWeekLimits.fewest} to ${seriesWeekLimits.most}, this week included`}
        />
      )}
      {labels.length > 0 && <Text>{seriesTexts.labels(labels)}</Text>}
    </>
  );
}
