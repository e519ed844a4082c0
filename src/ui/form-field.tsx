import { Button, Field, Group, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useField } from 'formik';
import { memo, useState } from 'react';
import type {
  ChangeEvent,
  FocusEvent,
  HTMLInputAutoCompleteAttribute,
  HTMLInputTypeAttribute,
} from 'react';
import useLatestCallback from 'use-latest-callback';
import { useFieldError, type FieldError } from './use-field-error';

/**
 * A labelled text input bound to a Formik field, required unless told otherwise. Its message
 * (`useFieldError`: the rules' after a submit, or the server's) is tied to the input
 * by `aria-describedby`, with the hint. `normalise` rewrites what is typed before Formik stores
 * it, so the field shows the stored form; `onValueChange` hears each value the resident gives,
 * after Formik has it; `reformatOnLeave` rewrites the stored value when the resident leaves the
 * field (a registration's spacing, say). `autoCapitalize` and `spellCheck` pass to the input, for
 * codes that are not words. A password field has a "Show password" toggle; pasting is never
 * blocked.
 */
export function FormField({
  name,
  normalise,
  onValueChange,
  reformatOnLeave,
  ...shown
}: FormFieldProps) {
  const [field, , helpers] = useField<string>(name);
  const fieldError = useFieldError(name);
  const onChange = useLatestCallback((event: ChangeEvent<HTMLInputElement>) => {
    if (normalise) void helpers.setValue(normalise(event.target.value));
    else field.onChange(event);
    onValueChange?.(event.target.value);
  });
  const onBlur = useLatestCallback((event: FocusEvent<HTMLInputElement>) => {
    field.onBlur(event);
    if (reformatOnLeave) void helpers.setValue(reformatOnLeave(field.value));
  });
  return (
    <FormFieldView
      {...shown}
      {...fieldError}
      name={name}
      value={field.value}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}

interface FormFieldProps {
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
}

/**
 * What a text field shows, drawn again only when that changes. Every field of a Formik form
 * hears every keystroke in any of them; without this, each keystroke drew every field's Chakra
 * elements again (docs/performance.md).
 */
const FormFieldView = memo(function FormFieldView({
  name,
  label,
  type = 'text',
  autoComplete,
  helperText,
  required = true,
  min,
  disabled,
  autoCapitalize,
  spellCheck,
  value,
  onChange,
  onBlur,
  message,
  controlId,
  errorTextId,
  helperTextId,
}: Omit<FormFieldProps, 'normalise' | 'onValueChange' | 'reformatOnLeave'> &
  FieldError & {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  }) {
  const { i18n } = useLingui();
  const [passwordShown, setPasswordShown] = useState(false);
  const invalid = message !== undefined;
  const describedBy = [helperText && helperTextId, invalid && errorTextId].filter(Boolean);
  const isPassword = type === 'password';
  const input = (
    <Input
      name={name}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      autoCapitalize={autoCapitalize}
      spellCheck={spellCheck}
      type={isPassword && passwordShown ? 'text' : type}
      autoComplete={autoComplete}
      min={min}
      // As tall as the "Show password" button beside it (a finger target, src/shell/system.ts),
      // so that the field does not move when the button arrives.
      h={isPassword ? '11' : undefined}
      aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
    />
  );
  return (
    <Field.Root
      invalid={invalid}
      required={required}
      disabled={disabled}
      id={controlId}
      ids={{ errorText: errorTextId, helperText: helperTextId }}
    >
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {isPassword ? (
        <Group attached w="full">
          {input}
          <Button
            variant="outline"
            aria-pressed={passwordShown}
            aria-controls={controlId}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            {i18n._('Show password')}
          </Button>
        </Group>
      ) : (
        input
      )}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {invalid && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
});
