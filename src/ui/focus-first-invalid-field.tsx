import { useFormikContext } from 'formik';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Renders nothing; after a submit the form's rules refused, it moves focus to the first field in
 * error (by `fieldOrder`, the order the form shows them), so keyboard and screen-reader users land
 * where the problem is. Place it inside the Formik form; `container` holds the fields.
 */
export function FocusFirstInvalidField({
  container,
  fieldOrder,
}: {
  container: RefObject<HTMLElement | null>;
  fieldOrder: readonly string[];
}) {
  const { submitCount, isSubmitting, errors } = useFormikContext<Record<string, unknown>>();
  const handledSubmit = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    const firstInvalid = fieldOrder.find((name) => errors[name] !== undefined);
    if (!firstInvalid) return;
    container.current?.querySelector<HTMLElement>(`input[name="${firstInvalid}"]`)?.focus();
  }, [submitCount, isSubmitting, errors, container, fieldOrder]);
  return null;
}
