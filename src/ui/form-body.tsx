import { Stack } from '@chakra-ui/react';
import { Form } from 'formik';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { ErrorSummary } from './error-summary';
import { FormBodyContext } from './form-body-context';

/** No server errors about fields: one object, so the summary does not take focus again. */
const noServerFieldErrors: Readonly<Partial<Record<string, string>>> = {};

/**
 * How long the resident must pause (no focus moved, no key pressed in the form) before the form's
 * rules load ahead of the submit: their script's evaluation holds the page's thread, and a key
 * pressed meanwhile waits for it. Loaded at the first focus, they made the sign-in's INP 120–184 ms
 * against 64–96 ms (`npm run bench -- --phone-only`, 2 December 2026, the same machine).
 */
const rulesAfterPauseMs = 1_000;

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
  /**
   * Loads the form's rules ahead (`SchemaValidation.prepare`), once the resident has paused inside
   * the form (`rulesAfterPauseMs`).
   */
  prepareRules?: () => void;
  children: ReactNode;
}) {
  const idPrefix = `${useId()}-`;
  const shared = useMemo(() => ({ idPrefix, serverFieldErrors }), [idPrefix, serverFieldErrors]);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);
  const prepareAfterPause = prepareRules
    ? () => {
        clearTimeout(pause.current);
        pause.current = setTimeout(prepareRules, rulesAfterPauseMs);
      }
    : undefined;
  return (
    <FormBodyContext.Provider value={shared}>
      <Form
        id={id}
        noValidate
        onFocusCapture={prepareAfterPause}
        onKeyDownCapture={prepareAfterPause}
      >
        <Stack gap={4}>
          <ErrorSummary fieldOrder={fieldOrder} />
          {children}
        </Stack>
      </Form>
    </FormBodyContext.Provider>
  );
}
