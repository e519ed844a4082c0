import { useFormikContext, getIn } from 'formik';
import { useContext } from 'react';
import { FormBodyContext } from './form-body-context';

/** How a field names its parts for `aria-describedby` and the error summary's links. */
export interface FieldError {
  /** The message the field shows, or undefined while it shows none. */
  message: string | undefined;
  controlId: string;
  errorTextId: string;
  helperTextId: string;
}

/**
 * The error the field `name` shows. The form's rules speak once the resident has tried: after a
 * submit, or when they leave a field they edited (`edited`) — tabbing past an empty field says
 * nothing (GOV.UK: validate on submit). The server's own word about the field shows until the
 * next submit, when the rules have nothing to say.
 */
export function useFieldError(name: string, edited: boolean): FieldError {
  const { errors, touched, submitCount } = useFormikContext<Record<string, unknown>>();
  const { idPrefix, serverFieldErrors } = useContext(FormBodyContext);
  const ruleMessage = getIn(errors, name) as string | undefined;
  const tried = submitCount > 0 || (edited && getIn(touched, name) === true);
  const controlId = `${idPrefix}${name}`;
  return {
    message: (tried ? ruleMessage : undefined) ?? serverFieldErrors[name],
    controlId,
    errorTextId: `${controlId}-error`,
    helperTextId: `${controlId}-hint`,
  };
}
