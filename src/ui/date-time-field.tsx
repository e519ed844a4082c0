import { useField } from 'formik';
import { parseDateTimeLocal, toUkDateTime } from '../../machines/permits/london-time';
import { FormField } from './form-field';

/**
 * A London date and time picked with the browser's own picker. The picker speaks the browser's
 * locale, so the choice is repeated underneath the way UK residents read dates: dd/mm/yyyy hh:mm,
 * 24-hour (spec section 9).
 */
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
  const chosen = parseDateTimeLocal(value);
  return (
    <FormField
      name={name}
      label={label}
      type="datetime-local"
      min={min}
      required={required}
      disabled={disabled}
      onValueChange={onValueChange}
      helperText={
        chosen
          ? `Selected: ${toUkDateTime(chosen)} (UK time)`
          : 'UK time, shown as dd/mm/yyyy hh:mm'
      }
    />
  );
}
