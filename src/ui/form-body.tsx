import { Stack } from '@chakra-ui/react';
import { Form } from 'formik';
import { useId, useMemo, type ReactNode } from 'react';
import { ErrorSummary } from './error-summary';
import { FormBodyContext } from './form-body-context';

/** No server errors about fields: one object, so the summary does not take focus again. */
const noServerFieldErrors: Readonly<Partial<Record<string, string>>> = {};

/**
 * The form element inside Formik: the browser's own validation off (the form's rules speak
 * instead), the error summary at the top (`fieldOrder` is the order the form shows its fields,
 * the summary's order), then the fields in one column. `serverFieldErrors` are the server's
 * answer about single fields: each field shows its own and the summary lists them.
 */
export function FormBody({
  id,
  fieldOrder,
  serverFieldErrors = noServerFieldErrors,
  prepareRules,
  children,
}: {
  /** For a submit button outside the form (a dialog's footer), which names it by `form`. */
  id?: string;
  fieldOrder: readonly string[];
  serverFieldErrors?: Readonly<Partial<Record<string, string>>>;
  /** Called at each focus inside the form: its rules, loaded ahead (`SchemaValidation.prepare`). */
  prepareRules?: () => void;
  children: ReactNode;
}) {
  const idPrefix = `${useId()}-`;
  const shared = useMemo(() => ({ idPrefix, serverFieldErrors }), [idPrefix, serverFieldErrors]);
  return (
    <FormBodyContext.Provider value={shared}>
      <Form id={id} noValidate onFocusCapture={prepareRules}>
        <Stack gap={4}>
          <ErrorSummary fieldOrder={fieldOrder} />
          {children}
        </Stack>
      </Form>
    </FormBodyContext.Provider>
  );
}
