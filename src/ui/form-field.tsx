import { Button, Field, Group, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useField } from 'formik';
import { useState } from 'react';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import { useFieldError } from './use-field-error';

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
  const { i18n } = useLingui();
  const [field, , helpers] = useField<string>(name);
  const [passwordShown, setPasswordShown] = useState(false);
  const { message, controlId, errorTextId, helperTextId } = useFieldError(name);
  const invalid = message !== undefined;
  const describedBy = [helperText && helperTextId, invalid && errorTextId].filter(Boolean);
  const isPassword = type === 'password';
  const input = (
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
}
