import { useLingui } from '@lingui/react';
import { useFormikContext, getIn } from 'formik';
import { useContext } from 'react';
import { readersText } from '../i18n/readers-text';
import { FormBodyContext } from './form-body-context';

/** How a field names its parts for `aria-describedby` and the error summary's links. */
export interface FieldError {
  /** The message the field shows, in the reader's language, or undefined while it shows none. */
  message: string | undefined;
  controlId: string;
  errorTextId: string;
  helperTextId: string;
}

/**
 * The error the field `name` shows. The form's rules speak after a submit only, and say what that
 * submit found until the next one (GOV.UK: validate on submit; src/ui/validate-with-schema.ts):
 * nothing appears as a field is typed in or left, so nothing moves under the pointer. The
 * server's own word about the field shows until the next submit, when the rules have nothing to
 * say.
 */
export function useFieldError(name: string): FieldError {
  const { errors, submitCount } = useFormikContext<Record<string, unknown>>();
  const { idPrefix, serverFieldErrors } = useContext(FormBodyContext);
  const { i18n } = useLingui();
  const ruleMessage = getIn(errors, name) as string | undefined;
  const controlId = `${idPrefix}${name}`;
  // The rules' and the server's messages are English ids (lingui.config.ts); an unknown server
  // text is shown as it came.
  const message = (submitCount > 0 ? ruleMessage : undefined) ?? serverFieldErrors[name];
  return {
    message: message === undefined ? undefined : readersText(i18n, message),
    controlId,
    errorTextId: `${controlId}-error`,
    helperTextId: `${controlId}-hint`,
  };
}
