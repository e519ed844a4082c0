import { Field, Input } from '@chakra-ui/react';
import { useField } from 'formik';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';

/**
 * A labelled, required text input bound to a Formik field. Its validation message shows once the
 * field has been visited (or a submit was tried) and is announced politely.
 */
export function FormField({
  name,
  label,
  type = 'text',
  autoComplete,
  helperText,
}: {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  helperText?: string;
}) {
  const [field, meta] = useField<string>(name);
  const invalid = meta.touched && meta.error !== undefined;
  return (
    <Field.Root invalid={invalid} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...field} type={type} autoComplete={autoComplete} />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
