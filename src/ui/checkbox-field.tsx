import { Field, HStack, chakra } from '@chakra-ui/react';
import { useField } from 'formik';

/**
 * A labelled checkbox bound to a boolean Formik field. `onCheckedChange` runs after the value is
 * stored, for boxes whose tick clears another field. Its validation message shows once the box
 * has been visited (or a submit was tried) and is announced politely. A native input: it needs
 * no pointer-event machinery, so it behaves the same in every browser and in jsdom.
 */
export function CheckboxField({
  name,
  label,
  onCheckedChange,
}: {
  name: string;
  label: string;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const [field, meta, helpers] = useField<boolean>(name);
  const invalid = meta.touched && meta.error !== undefined;
  return (
    <Field.Root invalid={invalid}>
      <HStack as="label" gap={2} alignItems="flex-start" cursor="pointer">
        <chakra.input
          type="checkbox"
          name={name}
          checked={field.value}
          aria-invalid={invalid}
          onBlur={field.onBlur}
          onChange={(event) => {
            const ticked = event.target.checked;
            void helpers.setValue(ticked);
            onCheckedChange?.(ticked);
          }}
          accentColor="teal.600"
          boxSize={4}
          mt={1}
        />
        <span>{label}</span>
      </HStack>
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
