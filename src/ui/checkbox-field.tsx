import { Field, HStack, chakra } from '@chakra-ui/react';
import { useField } from 'formik';
import { memo, type ChangeEvent, type FocusEvent } from 'react';
import useLatestCallback from 'use-latest-callback';
import { useFieldError, type FieldError } from './use-field-error';

/**
 * A labelled checkbox bound to a boolean Formik field. `onCheckedChange` runs after the value is
 * stored, for boxes whose tick clears another field. Its hint and its message (`useFieldError`)
 * are tied to the box by `aria-describedby`. A native input: it needs no pointer-event
 * machinery, so it behaves the same in every browser and in jsdom. The box is 24 px and its label
 * row at least 44 px tall, the whole row a target, and the box never shrinks beside a long label.
 */
export function CheckboxField({
  name,
  label,
  hint,
  onCheckedChange,
}: {
  name: string;
  label: string;
  /** Said under the label: what ticking the box does. */
  hint?: string;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const [field, , helpers] = useField<boolean>(name);
  const fieldError = useFieldError(name);
  const onChange = useLatestCallback((event: ChangeEvent<HTMLInputElement>) => {
    const ticked = event.target.checked;
    void helpers.setValue(ticked);
    onCheckedChange?.(ticked);
  });
  return (
    <CheckboxFieldView
      {...fieldError}
      name={name}
      label={label}
      hint={hint}
      checked={field.value}
      onChange={onChange}
      onBlur={field.onBlur}
    />
  );
}

/** What a checkbox field shows, drawn again only when that changes (as in ./form-field.tsx). */
const CheckboxFieldView = memo(function CheckboxFieldView({
  name,
  label,
  hint,
  checked,
  onChange,
  onBlur,
  message,
  controlId,
  errorTextId,
  helperTextId,
}: FieldError & {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}) {
  const invalid = message !== undefined;
  const describedBy = [hint && helperTextId, invalid && errorTextId].filter(Boolean);
  return (
    <Field.Root
      invalid={invalid}
      id={controlId}
      ids={{ errorText: errorTextId, helperText: helperTextId }}
    >
      <HStack as="label" gap={3} alignItems="center" cursor="pointer" minH="44px">
        <chakra.input
          type="checkbox"
          id={controlId}
          name={name}
          checked={checked}
          aria-invalid={invalid}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          onBlur={onBlur}
          onChange={onChange}
          accentColor="teal.700"
          boxSize={6}
          flexShrink={0}
        />
        <span>{label}</span>
      </HStack>
      {/* Under the label, in line with it (GOV.UK's checkbox hint). */}
      {hint && (
        <Field.HelperText id={helperTextId} mt={0} ps={9}>
          {hint}
        </Field.HelperText>
      )}
      {invalid && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
});
