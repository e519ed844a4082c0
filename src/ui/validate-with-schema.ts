import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema, ValidationError } from 'yup';
import { isMessageDescriptor } from '../../machines/field-length';
import { readersValues, rememberRuleMessage } from '../i18n/readers-text';
import { i18n } from '../i18n/i18n';

/** The Formik props every form spreads: how and when its rules are checked. */
export interface SchemaValidation<Values> {
  validate: (values: Values) => Promise<FormikErrors<Values>>;
  validateOnChange: false;
  validateOnBlur: false;
  /**
   * Starts loading the rules before the first check: a form calls it once the resident pauses in
   * it (`FormBody`'s `prepareRules`), so that a signal lost while the form is filled in still
   * leaves the submit button able to check the form.
   */
  prepare: () => void;
}

/**
 * A rule's message as the form shows it. A text (an English id) is kept: the field and the
 * summary translate it (./use-field-error.ts). A descriptor with values (machines/field-length.ts)
 * is worded here, in the language shown, its `field` value (a field's English name) translated
 * first: Formik keeps texts, and a descriptor object in its errors would read as nested fields.
 * The field and the summary word it again if the language changes (`rememberRuleMessage`).
 */
function ruleMessageText(message: unknown): string {
  if (!isMessageDescriptor(message)) return message as string;
  const word = () => {
    const { field } = message.values ?? {};
    const values =
      typeof field === 'string' ? { ...message.values, field: i18n._(field) } : message.values;
    // A named descriptor: Lingui's extractor reads an object written inside `i18n._(…)` as a message.
    const worded = { ...message, values: readersValues(i18n, values) };
    return i18n._(worded);
  };
  const text = word();
  rememberRuleMessage(text, word);
  return text;
}

/** `error` with its messages worded (`ruleMessageText`), as Formik reads them. */
function withWordedMessages(error: ValidationError): ValidationError {
  error.message = ruleMessageText(error.message);
  for (const failure of error.inner) failure.message = ruleMessageText(failure.message);
  return error;
}

/**
 * Every form's validation, spread onto its `<Formik>`: its Yup schema, checked exactly as Formik
 * checks a `validationSchema` (validateYupSchema, then yupToFormErrors), but asked for at each
 * check. The forms a signed-out resident opens import their schema there, so Yup (about 12 KB
 * gzip) loads once the resident pauses in the form (`prepare`, given to its `FormBody`), not with
 * /login (docs/performance.md); the permit forms build theirs from the clock.
 *
 * Checked on submit only, GOV.UK's way: a message that appeared when a field was left, or as a
 * key was typed, moved the controls below it, and a press on the submit button begun before the
 * move was lost when released after it (issue 33; test/browser/form-faults-journey.test.ts). The
 * messages a submit gave stay until the next submit.
 */
export function validateWithSchema<Values extends FormikValues>(
  schemaFor: () => Schema | Promise<Schema>,
): SchemaValidation<Values> {
  const validate = async (values: Values): Promise<FormikErrors<Values>> => {
    let schema: Schema;
    try {
      schema = await schemaFor();
    } catch (error) {
      // The rules' chunk could not be fetched: no signal before the service worker holds the
      // app (src/shell/service-worker.ts), or a chunk a deploy removed. The submit goes on to the
      // form's machine unchecked, so the button still does something: its request fails as the
      // network does, and says so, or reaches the host, which checks every rule of its own.
      if ((error as { name?: unknown } | null)?.name === 'ChunkLoadError') return {};
      throw error;
    }
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name !== 'ValidationError') throw error;
      return yupToFormErrors<Values>(withWordedMessages(error as ValidationError));
    }
  };
  const prepare = () =>
    void Promise.resolve()
      .then(schemaFor)
      .catch(() => undefined);
  return { validate, validateOnChange: false, validateOnBlur: false, prepare };
}
