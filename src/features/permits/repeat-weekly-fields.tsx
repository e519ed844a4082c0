import { useFormikContext } from 'formik';
import type { PermitFormValues } from '../../../machines/permits/permit-form-values';
import { seriesWeekLimits } from '../../../machines/permits/weekly-series';
import { CheckboxField } from '../../ui/checkbox-field';
import { FormField } from '../../ui/form-field';

/**
 * "Repeat weekly" and "Number of weeks", offered with a scheduled start: the series repeats that
 * start's London wall-clock time (machines/permits/weekly-series.ts).
 */
export function RepeatWeeklyFields() {
  const { values, setFieldValue } = useFormikContext<PermitFormValues>();
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
    </>
  );
}
