import { Field, Input } from '@chakra-ui/react';
import { useField } from 'formik';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';

/**
 * A labelled text input bound to a Formik field, required unless told otherwise. Its validation
 * message shows once the field has been visited (or a submit was tried) and is announced politely.
 * `normalise` rewrites what is typed before Formik stores it, so the field shows the stored form;
 * `onValueChange` hears each value the resident gives, after Formik has it; `reformatOnLeave`
 * rewrites the stored value when the resident leaves the field (a registration's spacing, say).
 * `autoCapitalize` and `spellCheck` pass to the input, for codes that are not words.
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
  onValueChange,
  reformatOnLeave,
  autoCapitalize,
  spellCheck,
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
  onValueChange?: (value: string) => void;
  reformatOnLeave?: (value: string) => string;
  autoCapitalize?: string;
  spellCheck?: boolean;
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
        onChange={(event) => {
          if (normalise) void helpers.setValue(normalise(event.target.value));
          else field.onChange(event);
          onValueChange?.(event.target.value);
        }}
        onBlur={(event) => {
          field.onBlur(event);
          if (reformatOnLeave) void helpers.setValue(reformatOnLeave(field.value));
        }}
        autoCapitalize={autoCapitalize}
        spellCheck={spellCheck}
        type={type}
        autoComplete={autoComplete}
        min={min}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
