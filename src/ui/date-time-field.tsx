import { useField } from 'formik';
import { toUkDateTime } from '../../contract/london-wall-time';
import { parseDateTimeLocal } from '../../machines/permits/london-time';
import { FormField } from './form-field';

/**
 * What a date picker's hint says: the chosen `datetime-local` value the way UK residents read
 * dates, dd/mm/yyyy hh:mm 24-hour London time (docs/contract.md §9), since the picker itself speaks
 * the browser's locale.
 */
export function ukDateTimeHint(value: string): string {
  const chosen = parseDateTimeLocal(value);
  return chosen
    ? `Selected: ${toUkDateTime(chosen)} (UK time)`
    : 'UK time, shown as dd/mm/yyyy hh:mm';
}

/** A London date and time picked with the browser's own picker, repeated the UK way beneath. */
export function DateTimeField({
  name,
  label,
  min,
  required,
  disabled,
  onValueChange,
}: {
  name: string;
  label: string;
  min: string;
  required?: boolean;
  disabled?: boolean;
  onValueChange?: (value: string) => void;
}) {
  const [{ value }] = useField<string>(name);
  return (
    <FormField
      name={name}
      label={label}
      type="datetime-local"
      min={min}
      required={required}
      disabled={disabled}
      onValueChange={onValueChange}
      helperText={ukDateTimeHint(value)}
    />
  );
}
