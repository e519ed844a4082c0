import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  const { values, setFieldValue } = useFormikContext<PermitFormValues>();
  const labels =
    labelled && values.repeat_weekly
      ? seriesReferenceLabels(values.reference_label, values.start, values.weeks)
      : [];
  return (
    <>
      <CheckboxField
        name="repeat_weekly"
        label={i18n._('Repeat weekly')}
        onCheckedChange={(checked) => {
          if (!checked) void setFieldValue('weeks', '');
        }}
      />
      {values.repeat_weekly && (
        <FormField
          name="weeks"
          label={i18n._('Number of weeks')}
          autoComplete="off"
          helperText={i18n._('From {fewest} to {most}, this week included', seriesWeekLimits)}
        />
      )}
      {labels.length > 0 && <Text>{i18n._(seriesTexts.labels(labels))}</Text>}
    </>
  );
}
