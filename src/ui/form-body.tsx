import { Stack } from '@chakra-ui/react';
import { Form } from 'formik';
import { useRef, type ReactNode } from 'react';
import { FocusFirstInvalidField } from './focus-first-invalid-field';

/**
 * The form element inside Formik: the browser's own validation off (the form's rules speak
 * instead), the fields in one column, and focus on the first field in error after a refused
 * submit (`fieldOrder` is the order the form shows them).
 */
export function FormBody({
  id,
  fieldOrder,
  children,
}: {
  /** For a submit button outside the form (a dialog's footer), which names it by `form`. */
  id?: string;
  fieldOrder: readonly string[];
  children: ReactNode;
}) {
  const fieldsRef = useRef<HTMLDivElement>(null);
  return (
    <Form id={id} noValidate>
      <FocusFirstInvalidField container={fieldsRef} fieldOrder={fieldOrder} />
      <Stack gap={4} ref={fieldsRef}>
        {children}
      </Stack>
    </Form>
  );
}
