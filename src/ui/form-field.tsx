import { Field, Input } from '@chakra-ui/react';
import { useField } from 'formik';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';

/**
 * A labelled text input bound to a Formik field, required unless told otherwise. Its validation
 * message shows once the field has been visited (or a submit was tried) and is announced politely.
 * `normalise` rewrites what is typed before Formik stores it, so the field shows the stored form.
 */
export function FormField({
  name,
  label,
  type = 'text',
  autoComplete,
  helperText,
  required = true,
  min,
  disabled,
  normalise,
}: {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  helperText?: string;
  required?: boolean;
  min?: string;
  disabled?: boolean;
  normalise?: (value: string) => string;
}) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = meta.touched && meta.error !== undefined;
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        {...field}
        onChange={
          normalise
            ? (event) => void helpers.setValue(normalise(event.target.value))
            : field.onChange
        }
        type={type}
        autoComplete={autoComplete}
        min={min}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
